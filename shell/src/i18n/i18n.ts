import { addTranslations, type TranslationTree } from 'shared';

/** Every text the shell shows lives in this i18next namespace. */
export const SHELL_NS = 'shell';

/** English: the spec's texts word for word (back-office.md sections 2 and 8). */
export const shellEn = {
  nav: {
    label: 'Main navigation',
    articles: 'Articles',
    import: 'Import',
    categories: 'Categories',
    activity: 'Activity',
    logout: 'Logout',
    language: 'Language',
    signedInAs: 'Signed in as {{name}}',
  },
  language: {
    en: 'English',
    de: 'Deutsch',
  },
  banner: 'You are currently using the non-secure version of the portal. Please log in at the secure address',
  loading: 'Loading...',
  login: {
    title: 'Newsdesk',
    username: 'Username',
    password: 'Password',
    remember: 'Remember Me',
    submit: 'Log in',
    usernameRequired: 'Please enter your username',
    passwordRequired: 'Please enter your password',
    sessionEnded: 'Your session has ended, please sign in again',
  },
  notFound: '404',
  remote: {
    failedTitle: 'This screen could not be loaded',
    failedText: 'The part of Newsdesk that shows this screen ({{remote}}) is not available right now. The rest of Newsdesk keeps working.',
    retry: 'Retry',
    details: 'Details',
  },
  screenError: {
    title: 'The data for this screen could not be loaded',
    unknown: 'An unexpected error occurred.',
    retry: 'Retry',
  },
  /** A screen's loader refused the user (requireRight): one view, by the right that is missing. */
  access: {
    denied: {
      import: 'You do not have access to imports',
      manage_categories: 'You do not have access to categories',
      view_activity: 'You do not have access to the activity log',
      other: 'You do not have access to this screen',
    },
    text: 'Your account does not have the right this screen needs. Ask an administrator if you need it.',
    home: 'Go to the articles',
  },
  startup: {
    failed: 'Newsdesk could not start',
  },
} as const;

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** German: same keys (a test checks that nothing is missing). */
export const shellDe: DeepStrings<typeof shellEn> = {
  nav: {
    label: 'Hauptnavigation',
    articles: 'Artikel',
    import: 'Import',
    categories: 'Kategorien',
    activity: 'Aktivität',
    logout: 'Abmelden',
    language: 'Sprache',
    signedInAs: 'Angemeldet als {{name}}',
  },
  language: {
    en: 'English',
    de: 'Deutsch',
  },
  banner: 'Sie verwenden gerade die unsichere Version des Portals. Bitte melden Sie sich unter der sicheren Adresse an',
  loading: 'Wird geladen...',
  login: {
    title: 'Newsdesk',
    username: 'Benutzername',
    password: 'Passwort',
    remember: 'Angemeldet bleiben',
    submit: 'Anmelden',
    usernameRequired: 'Bitte geben Sie Ihren Benutzernamen ein',
    passwordRequired: 'Bitte geben Sie Ihr Passwort ein',
    sessionEnded: 'Ihre Sitzung ist beendet, bitte melden Sie sich erneut an',
  },
  notFound: '404',
  remote: {
    failedTitle: 'Diese Ansicht konnte nicht geladen werden',
    failedText:
      'Der Teil von Newsdesk, der diese Ansicht zeigt ({{remote}}), ist gerade nicht erreichbar. Der Rest von Newsdesk funktioniert weiter.',
    retry: 'Erneut versuchen',
    details: 'Details',
  },
  screenError: {
    title: 'Die Daten dieser Ansicht konnten nicht geladen werden',
    unknown: 'Ein unerwarteter Fehler ist aufgetreten.',
    retry: 'Erneut versuchen',
  },
  access: {
    denied: {
      import: 'Sie haben keinen Zugriff auf Importe',
      manage_categories: 'Sie haben keinen Zugriff auf Kategorien',
      view_activity: 'Sie haben keinen Zugriff auf das Aktivitätsprotokoll',
      other: 'Sie haben keinen Zugriff auf diese Ansicht',
    },
    text: 'Ihr Konto hat nicht das Recht, das diese Ansicht braucht. Wenden Sie sich an einen Administrator, wenn Sie es benötigen.',
    home: 'Zu den Artikeln',
  },
  startup: {
    failed: 'Newsdesk konnte nicht starten',
  },
};

let registered = false;

/** Adds the shell's texts to the shared i18next instance (idempotent). */
export function registerShellTranslations(): void {
  if (registered) return;
  registered = true;
  addTranslations(SHELL_NS, {
    en: shellEn as unknown as TranslationTree,
    de: shellDe as unknown as TranslationTree,
  });
}
