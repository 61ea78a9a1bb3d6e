// Changes kept in this browser (a reload, a closed tab or browser, leaving the portal mid-edit) are
// announced where the user lands, with the way back to them: opening the article offers them back.
// On the portal's first screen: only the opening texts and the draft list, none of the editor's code.
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { useTranslation } from 'react-i18next';
import { useSession } from 'shared';
import { listDrafts } from '../model/draftStorage';
import { EDITOR_PREFIX, NS } from '../openingTexts';

export interface KeptDraftsProps {
  /** Open that article (0: the new article) in the editor. */
  onOpen(articleId: number): void;
  /** The article open in the editor now (its draft is the editor's to offer), or null. */
  openId: number | null;
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function KeptDrafts({ onOpen, openId }: KeptDraftsProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: EDITOR_PREFIX });
  const userId = useSession().user?.id ?? null;
  // Read on each render (a few keys): closing an editor may have kept or cleared a draft.
  const shown = listDrafts(localStorageOrNull(), userId).filter((kept) => kept.articleId !== openId);
  if (userId === null || shown.length === 0) return null;
  const time = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime())
      ? iso
      : new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(date);
  };
  return (
    <Alert
      type="info"
      showIcon
      data-testid="kept-drafts"
      style={{ marginBottom: 8 }}
      title={t('kept.title')}
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {shown.map(({ articleId, draft }) => (
            <li key={articleId}>
              {t('kept.item', { title: draft.values.title || t('kept.untitled'), time: time(draft.savedAt) })}{' '}
              <Button size="small" type="link" onClick={() => onOpen(articleId)}>
                {articleId ? t('kept.open', { id: articleId }) : t('kept.openNew')}
              </Button>
            </li>
          ))}
        </ul>
      }
    />
  );
}
