import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { newsdeskTheme } from '../../ui/theme';

/** antd's own texts follow the language; English is built in, German loads when chosen. */
function useAntdLocale(language: string): Locale | undefined {
  const [locale, setLocale] = useState<Locale | undefined>(undefined);
  useEffect(() => {
    let current = true;
    if (language.startsWith('de')) {
      void import('antd/es/locale/de_DE').then((module) => {
        if (current) setLocale(module.default);
      });
    } else {
      setLocale(undefined);
    }
    return () => {
      current = false;
    };
  }, [language]);
  return locale;
}

/**
 * The one antd ConfigProvider (theme, locale) of the application. It wraps the signed-in layout,
 * so every remote screen renders inside it (same theme and style engine); it is part of the
 * signed-in layout's lazy chunk, so antd is downloaded only after sign-in.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={newsdeskTheme} locale={locale}>
      {children}
    </ConfigProvider>
  );
}
