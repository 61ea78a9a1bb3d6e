// The editor's small mount of the History panel: the version the editor shows, and a button that
// opens the panel in a drawer. A restore closes the drawer: the editor then reads the article again
// and shows the restored content at its new version.
import Button from 'antd/es/button';
import Drawer from 'antd/es/drawer';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HISTORY_PREFIX, NS } from '../i18n';
import { ArticleHistory, type ArticleHistoryProps } from './ArticleHistory';

export function HistoryButton(props: ArticleHistoryProps) {
  const { t } = useTranslation(NS, { keyPrefix: HISTORY_PREFIX });
  const [open, setOpen] = useState(false);
  return (
    <Flex gap={8} align="center">
      <Typography.Text type="secondary" data-testid="editor-version">
        {t('version', { version: props.version })}
      </Typography.Text>
      <Button size="small" onClick={() => setOpen(true)} data-testid="editor-history">
        {t('button')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('title', { id: props.articleId })} size="large" destroyOnHidden>
        {open && (
          <ArticleHistory
            {...props}
            onRestored={(result) => {
              setOpen(false);
              props.onRestored(result);
            }}
          />
        )}
      </Drawer>
    </Flex>
  );
}
