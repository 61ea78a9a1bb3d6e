import { useTranslation } from 'react-i18next';
import { setLanguage, SUPPORTED_LANGUAGES, type Language } from 'shared';
import { SHELL_NS } from '../../i18n/i18n';

/**
 * English / Deutsch; shared `setLanguage` remembers the choice across visits.
 * A native select: no antd Select (rc-select, virtual list) in the shell for one choice of two.
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation(SHELL_NS);
  const current = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  return (
    <select
      aria-label={t('nav.language')}
      value={current}
      onChange={(event) => void setLanguage(event.target.value as Language)}
      style={{
        background: 'transparent',
        color: '#fff',
        border: '1px solid rgba(255, 255, 255, 0.35)',
        borderRadius: 6,
        padding: '3px 6px',
        font: 'inherit',
        cursor: 'pointer',
      }}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} style={{ color: '#000' }}>
          {t(`language.${lng}`)}
        </option>
      ))}
    </select>
  );
}
