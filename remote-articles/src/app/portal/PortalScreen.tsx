import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLoaderData, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useRight } from 'shared';
import { ArticleEditor, EDITOR_NS, EDITOR_PREFIX, KeptDrafts } from '../../features/article-editor';
import { ArticleListPanel, ArticleSummary, useArticleList, type ArticleListItem } from '../../features/article-list';
import { PortalToolbar } from '../../features/portal-toolbar';
import { TitleSearchPanel } from '../../features/title-search';
import { buildMark } from 'shared/ui/buildMark';
import { forgetPortalLookups, type PortalData } from './portalLoader';
import { useSaveBeforeLeaving } from './useSaveBeforeLeaving';

// Shown only with an article open (like the editor, loaded then): its code stays out of the portal's first load.
const ArticleActivityPanel = lazy(() => import('../../features/activity').then((feature) => ({ default: feature.ArticleActivityPanel })));

/**
 * The article portal (routes / and /articles). Left column: New Article (right create_article)
 * and the article list; right column: the article editor for the selected or the new article.
 */
export function PortalScreen() {
  const list = useArticleList();
  // Categories, creators and countries came with the list (route loader): passed down, not fetched again.
  const { lookups } = useLoaderData() as PortalData;
  useEffect(() => forgetPortalLookups, []);
  const [selected, setSelected] = useState<ArticleListItem | null>(null);
  // After a reload show the fresh copy of the selected article when it is still on the page.
  const current = useMemo(
    () => (selected ? (list.items.find((item) => item.id === selected.id) ?? selected) : null),
    [list.items, selected],
  );
  // The article open in the editor (right column); 0 = New Article. `key` remounts the editor
  // when another article opens.
  const [editing, setEditing] = useState<{ id: number; key: number } | null>(null);
  const canCreate = useRight('create_article');
  const { t: tEditor } = useTranslation(EDITOR_NS, { keyPrefix: EDITOR_PREFIX });
  const onSaveState = useSaveBeforeLeaving(() => tEditor('finishingSave'));
  const openEditor = useCallback((id: number) => setEditing((prev) => ({ id, key: (prev?.key ?? 0) + 1 })), []);
  const selectArticle = useCallback(
    (item: ArticleListItem) => {
      setSelected(item);
      openEditor(item.id);
    },
    [openEditor],
  );
  // A title search result opens like a row of the table (the same selection, the same editor).
  const openFromSearch = useCallback(
    (id: number) => {
      setSelected(list.items.find((item) => item.id === id) ?? null);
      openEditor(id);
    },
    [list.items, openEditor],
  );
  // ?edit=<id> (a link from the Activity screen) opens that article; the parameter goes once it has.
  const [searchParams, setSearchParams] = useSearchParams();
  const linked = Number(searchParams.get('edit'));
  useEffect(() => {
    if (!Number.isInteger(linked) || linked < 1) return;
    openEditor(linked);
    setSearchParams(
      (params) => {
        params.delete('edit');
        return params;
      },
      { replace: true },
    );
  }, [linked, openEditor, setSearchParams]);
  // Each save reloads the editor's activity panel.
  const [saves, setSaves] = useState(0);
  const saved = useCallback(() => {
    setSaves((n) => n + 1);
    list.refresh();
  }, [list]);
  // Closing the form reloads the list (spec section 2); the editor's active author goes with it.
  const closeEditor = useCallback(() => {
    setEditing(null);
    setSelected(null);
    list.refresh();
  }, [list]);

  return (
    <div data-testid="article-portal" {...buildMark('remote-articles')}>
      <KeptDrafts onOpen={openEditor} openId={editing?.id ?? null} />
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setSelected(null);
                openEditor(0);
              }}
              data-testid="new-article"
              style={{ marginBottom: 8 }}
            >
              {tEditor('newArticle')}
            </Button>
          )}
          <PortalToolbar />
          <ArticleListPanel
            list={list}
            selectedId={editing ? editing.id : (current?.id ?? null)}
            onSelect={selectArticle}
            categoryTree={lookups.categories}
            creators={lookups.creators}
          />
          <div style={{ marginTop: 24 }}>
            <TitleSearchPanel onOpen={openFromSearch} />
          </div>
        </Col>
        <Col xs={24} lg={10}>
          {editing ? (
            <ArticleEditor
              key={editing.key}
              articleId={editing.id}
              onClose={closeEditor}
              onSaved={saved}
              onOpen={openEditor}
              onSaveState={onSaveState}
              categoryTree={lookups.categories}
              countries={lookups.countries}
            />
          ) : (
            <ArticleSummary article={current} />
          )}
          {editing && editing.id > 0 && (
            <Suspense fallback={null}>
              <ArticleActivityPanel key={`activity-${editing.key}`} articleId={editing.id} refreshKey={saves} />
            </Suspense>
          )}
        </Col>
      </Row>
    </div>
  );
}
