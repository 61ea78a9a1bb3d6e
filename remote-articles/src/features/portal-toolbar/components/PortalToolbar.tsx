import ReadOutlined from '@ant-design/icons/es/icons/ReadOutlined';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { useRight } from 'shared';
import { SubmittersOnlinePopover } from '../../submitters-online';
import { guidelinesUrl } from '../guidelinesUrl';
import { NS, TOOLBAR_PREFIX } from '../i18n';

/**
 * The links above the article list (spec section 2): Guidelines in a new tab, and the Logged In
 * submitters popover for users with edit_all_articles.
 */
export function PortalToolbar() {
  const { t } = useTranslation(NS, { keyPrefix: TOOLBAR_PREFIX });
  const canSeeSubmitters = useRight('edit_all_articles');
  return (
    <Flex gap={12} align="center" wrap style={{ marginBottom: 8 }} data-testid="portal-toolbar">
      <Typography.Link
        href={guidelinesUrl()}
        target="_blank"
        rel="noopener noreferrer"
        title={t('guidelinesTitle')}
        data-testid="guidelines-link"
      >
        <ReadOutlined /> {t('guidelines')}
      </Typography.Link>
      {canSeeSubmitters && <SubmittersOnlinePopover />}
    </Flex>
  );
}
