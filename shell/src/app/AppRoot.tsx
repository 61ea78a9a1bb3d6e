import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router';
import { newsdeskTheme } from './theme';

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
 * The one ConfigProvider (theme, locale) of the application: the remotes' screens render inside
 * it, so they get the same theme and style engine (antd's App context is in SignedInLayout).
 */
export function AppRoot({ router }: { router: AppRouter }) {
  const { i18n } = useTranslation();
  const locale = useAntdLocale(i18n.language);
  return (
    <ConfigProvider theme={newsdeskTheme} locale={locale}>
      <RouterProvider router={router} />
    </ConfigProvider>
  );
}
