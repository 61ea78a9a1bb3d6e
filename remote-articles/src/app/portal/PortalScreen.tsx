import Col from 'antd/es/col';
import Row from 'antd/es/row';
import { useMemo, useState } from 'react';
import {
  ArticleListPanel,
  ArticleSummary,
  useArticleList,
  type ArticleListItem,
} from '../../features/article-list';
import { BuildFooter } from '../BuildFooter';
import '../i18n';

/**
 * The article portal (routes / and /articles). Left column: the article list; right column: the
 * selected article, read-only until the article editor lands (then also New Article, shown with
 * the right create_article).
 */
export function PortalScreen() {
  const list = useArticleList();
  const [selected, setSelected] = useState<ArticleListItem | null>(null);
  // After a reload show the fresh copy of the selected article when it is still on the page.
  const current = useMemo(
    () => (selected ? (list.items.find((item) => item.id === selected.id) ?? selected) : null),
    [list.items, selected],
  );

  return (
    <div data-testid="article-portal">
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <ArticleListPanel list={list} selectedId={current?.id ?? null} onSelect={setSelected} />
        </Col>
        <Col xs={24} lg={10}>
          <ArticleSummary article={current} />
        </Col>
      </Row>
      <BuildFooter />
    </div>
  );
}
