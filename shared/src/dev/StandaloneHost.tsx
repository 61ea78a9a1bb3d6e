/**
 * Development-only host for running ONE remote on its own dev server (`npm start -w <remote>`).
 * Not part of the shared kernel's public API and never used by the shell.
 *
 * It signs in (with the session store it is given), then renders its children (the remote's
 * router). It also shows toasts and a loading overlay, which the shell does in production.
 * Dependency-light on purpose: React and react-i18next only, no antd. The kernel objects are
 * passed in as props (from `import { session, toast, loading } from 'shared'` in the remote), so
 * this file can never hold a second copy of the session store.
 */
import { useEffect, useState, useSyncExternalStore, type CSSProperties, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface StandaloneSession {
  getState(): { status: string; user: { name: string; username: string } | null; error: string | null; loggingIn: boolean };
  subscribe(listener: () => void): () => void;
  login(username: string, password: string, remember?: boolean): Promise<boolean>;
  restore(): Promise<boolean>;
  logout(): Promise<void>;
}
export interface StandaloneToasts {
  subscribe(listener: (event: { id: number; type: string; message: string }) => void): () => void;
}
export interface StandaloneLoading {
  count(): number;
  subscribe(listener: (count: number) => void): () => void;
}

export interface StandaloneHostProps {
  /** Shown in the header, e.g. 'remote-articles'. */
  name: string;
  session: StandaloneSession;
  toast?: StandaloneToasts;
  loading?: StandaloneLoading;
  /** Rendered only when signed in (create the router inside, so its loaders run signed in). */
  children: ReactNode;
}

export const STANDALONE_NAMESPACE = 'standalone';

export const standaloneTexts = {
  en: {
    standalone: 'standalone',
    username: 'Username',
    password: 'Password',
    remember: 'Remember Me',
    login: 'Log in',
    logout: 'Log out',
    loading: 'Loading...',
    checking: 'Checking the session…',
    dismiss: 'Dismiss',
  },
  de: {
    standalone: 'eigenständig',
    username: 'Benutzername',
    password: 'Passwort',
    remember: 'Angemeldet bleiben',
    login: 'Anmelden',
    logout: 'Abmelden',
    loading: 'Wird geladen...',
    checking: 'Sitzung wird geprüft…',
    dismiss: 'Schließen',
  },
} as const;

function useTexts() {
  const { i18n } = useTranslation();
  if (!i18n.hasResourceBundle('en', STANDALONE_NAMESPACE)) {
    for (const lng of ['en', 'de'] as const) {
      i18n.addResourceBundle(lng, STANDALONE_NAMESPACE, standaloneTexts[lng], true, true);
    }
  }
  return useTranslation(STANDALONE_NAMESPACE).t;
}

const styles: Record<string, CSSProperties> = {
  page: { minHeight: '100vh', fontFamily: 'system-ui, sans-serif', background: '#f5f5f5' },
  header: {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'center',
    padding: '8px 16px',
    background: '#001529',
    color: '#fff',
    fontSize: 14,
  },
  main: { padding: 16 },
  loginPage: { minHeight: '100vh', background: '#001529', display: 'flex', alignItems: 'center', justifyContent: 'center' },
  loginBox: { width: 320, background: '#fff', borderRadius: 8, padding: 24, display: 'grid', gap: 12, fontFamily: 'system-ui, sans-serif' },
  input: { padding: '6px 8px', fontSize: 14, border: '1px solid #d9d9d9', borderRadius: 6 },
  button: { padding: '6px 12px', fontSize: 14, borderRadius: 6, border: 'none', background: '#1677ff', color: '#fff', cursor: 'pointer' },
  linkButton: { background: 'none', border: 'none', color: '#fff', textDecoration: 'underline', cursor: 'pointer' },
  error: { background: '#fff2f0', border: '1px solid #ffccc7', color: '#a8071a', padding: '6px 8px', borderRadius: 6 },
  overlay: {
    position: 'fixed',
    inset: 0,
    background: 'rgba(255,255,255,0.5)',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    zIndex: 2000,
    fontSize: 16,
    pointerEvents: 'none',
  },
  toasts: { position: 'fixed', top: 12, right: 12, display: 'grid', gap: 8, zIndex: 2100, maxWidth: 360 },
};

const TOAST_COLOURS: Record<string, string> = { error: '#ff4d4f', warning: '#faad14', success: '#52c41a', info: '#1677ff' };

/** A required text input of the login form, labelled by the text above it. */
interface TextFieldProps {
  label: string;
  name: string;
  type?: string;
  autoComplete: string;
  value: string;
  onChange(value: string): void;
}

function TextField(props: TextFieldProps) {
  const { label, name, type, autoComplete, value, onChange } = props;
  return (
    <label style={{ display: 'grid', gap: 4 }}>
      {label}
      <input
        style={styles.input}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}

function LoginForm({ session, error, busy }: { session: StandaloneSession; error: string | null; busy: boolean }) {
  const t = useTexts();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (username.trim() && password) void session.login(username.trim(), password, remember);
  };
  return (
    <div style={styles.loginPage}>
      <form style={styles.loginBox} onSubmit={submit} aria-label={t('login')}>
        {error && (
          <div role="alert" style={styles.error}>
            {error}
          </div>
        )}
        <TextField label={t('username')} name="username" autoComplete="username" value={username} onChange={setUsername} />
        <TextField
          label={t('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <label style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          {t('remember')}
        </label>
        <button type="submit" style={styles.button} disabled={busy}>
          {busy ? t('loading') : t('login')}
        </button>
      </form>
    </div>
  );
}

function Toasts({ toast }: { toast: StandaloneToasts }) {
  const t = useTexts();
  const [items, setItems] = useState<{ id: number; type: string; message: string }[]>([]);
  useEffect(
    () =>
      toast.subscribe((event) => {
        setItems((current) => [...current, event]);
        window.setTimeout(() => setItems((current) => current.filter((item) => item.id !== event.id)), 5000);
      }),
    [toast],
  );
  if (items.length === 0) return null;
  return (
    <div style={styles.toasts} role="status">
      {items.map((item) => (
        <div
          key={item.id}
          data-toast-type={item.type}
          style={{
            background: '#fff',
            borderLeft: `4px solid ${TOAST_COLOURS[item.type] ?? '#999'}`,
            padding: '8px 12px',
            boxShadow: '0 2px 8px rgba(0,0,0,.15)',
            borderRadius: 4,
            display: 'flex',
            gap: 8,
          }}
        >
          <span style={{ flex: 1 }}>{item.message}</span>
          <button
            type="button"
            aria-label={t('dismiss')}
            style={{ border: 'none', background: 'none', cursor: 'pointer' }}
            onClick={() => setItems((current) => current.filter((x) => x.id !== item.id))}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

const noLoading: StandaloneLoading = { count: () => 0, subscribe: () => () => undefined };

export function StandaloneHost({ name, session, toast, loading = noLoading, children }: StandaloneHostProps) {
  const t = useTexts();
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  const busy = useSyncExternalStore(
    loading.subscribe,
    () => loading.count() > 0,
    () => false,
  );

  useEffect(() => {
    if (session.getState().status === 'unknown') void session.restore();
  }, [session]);

  useEffect(() => {
    document.body.style.margin = '0';
  }, []);

  let body: ReactNode;
  if (state.status === 'signedIn') {
    body = (
      <div style={styles.page}>
        <header style={styles.header}>
          <span>
            Newsdesk · {name} ({t('standalone')})
          </span>
          <span style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
            {state.user?.name ?? state.user?.username}
            <button type="button" style={styles.linkButton} onClick={() => void session.logout()}>
              {t('logout')}
            </button>
          </span>
        </header>
        <main style={styles.main}>{children}</main>
      </div>
    );
  } else if (state.status === 'unknown' || state.status === 'temporary') {
    body = <div style={{ ...styles.loginPage, color: '#fff' }}>{t('checking')}</div>;
  } else {
    body = <LoginForm session={session} error={state.error} busy={state.loggingIn} />;
  }

  return (
    <>
      {body}
      {toast && <Toasts toast={toast} />}
      {busy && <div style={styles.overlay}>{t('loading')}</div>}
    </>
  );
}
