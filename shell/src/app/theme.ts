import type { ThemeConfig } from 'antd/es/config-provider/context';

/** Newsdesk's brand colour: every antd component, in the shell and in the remotes, uses it. */
export const NEWSDESK_PRIMARY = '#0e7490';

export const newsdeskTheme: ThemeConfig = {
  token: {
    colorPrimary: NEWSDESK_PRIMARY,
    colorLink: NEWSDESK_PRIMARY,
    borderRadius: 6,
  },
};
