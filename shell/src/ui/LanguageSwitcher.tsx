import { useTranslation } from 'react-i18next';
import { setLanguage, SUPPORTED_LANGUAGES, type Language } from 'shared';
import { SHELL_NS } from '../i18n/i18n';

const TONES = {
  /** On the dark navbar. */
  dark: { color: '#fff', border: 'rgba(255, 255, 255, 0.35)', background: 'transparent' },
  /** On a white box (the login page). */
  light: { color: 'rgba(0, 0, 0, 0.88)', border: '#d9d9d9', background: '#fff' },
} as const;

/**
 * English / Deutsch, on the navbar and on the login page; shared `setLanguage` remembers the choice
 * across visits and sets the document's language. A native select: no antd before sign-in, and no
 * antd Select (rc-select, virtual list) in the shell for one choice of two.
 */
export function LanguageSwitcher({ tone = 'dark' }: { tone?: keyof typeof TONES }) {
  const { t, i18n } = useTranslation(SHELL_NS);
  const current = (SUPPORTED_LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language : 'en';
  const colours = TONES[tone];
  return (
    <select
      aria-label={t('nav.language')}
      value={current}
      onChange={(event) => void setLanguage(event.target.value as Language)}
      style={{
        background: colours.background,
        color: colours.color,
        border: `1px solid ${colours.border}`,
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
