import { useTranslation } from 'react-i18next';
import { SHELL_NS } from '../../i18n/i18n';

/** /404: only the centred text 404. */
export function NotFoundPage() {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div
      data-testid="not-found"
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        minHeight: '70vh',
        fontSize: 48,
        fontWeight: 600,
        textAlign: 'center',
      }}
    >
      {t('notFound')}
    </div>
  );
}
