import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Right } from 'shared';
import type { SkewFinding } from './skew';
import { SHELL_NS } from '../../i18n/i18n';
import { Alert, Button } from '../../ui';

export interface RemoteErrorProps {
  /** The remote that failed (e.g. remote_categories). */
  remote: string;
  /** What went wrong, for the details line. */
  message?: string;
  onRetry: () => void;
  /** A retry is running. */
  retrying?: boolean;
  /** The remote was refused for version skew: what it needs. */
  skew?: readonly SkewFinding[];
}

const boxStyle = { maxWidth: 720, margin: '32px auto', width: 'calc(100% - 32px)' } as const;

/**
 * The error views use the shell's antd-free Alert/Button: the root error view can show before
 * antd is loaded (it is loaded by the signed-in layout only).
 */

/** Inline error for a screen whose remote could not load; shown inside the shell layout. */
export function RemoteError({ remote, message, onRetry, retrying = false, skew }: RemoteErrorProps) {
  const { t } = useTranslation(SHELL_NS);
  const skewed = skew !== undefined && skew.length > 0;
  return (
    <div style={boxStyle} data-testid="remote-error" data-skew={skewed ? 'true' : undefined}>
      <Alert
        type="danger"
        title={t('remote.failedTitle')}
        description={
          <>
            <div>{skewed ? t('remote.skewText', { remote }) : t('remote.failedText', { remote })}</div>
            {skewed ? (
              <ul style={{ margin: '8px 0 0', paddingInlineStart: 20 }}>
                {skew.map((finding) => (
                  <li key={finding.module}>{t('remote.skewItem', { remote, ...finding })}</li>
                ))}
              </ul>
            ) : null}
            {message ? (
              <div style={{ marginTop: 8, opacity: 0.75, wordBreak: 'break-word' }}>
                {t('remote.details')}: {message}
              </div>
            ) : null}
          </>
        }
        action={
          <Button primary onClick={onRetry} loading={retrying}>
            {t('remote.retry')}
          </Button>
        }
      />
    </div>
  );
}

export interface ScreenErrorProps {
  title?: string;
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A screen's loader (or render) failed, e.g. the API answered 500. */
export function ScreenError({ title, message, onRetry, retrying = false }: ScreenErrorProps) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div style={boxStyle} data-testid="screen-error">
      <Alert
        type="danger"
        title={title ?? t('screenError.title')}
        description={message}
        action={
          <Button primary onClick={onRetry} loading={retrying}>
            {t('screenError.retry')}
          </Button>
        }
      />
    </div>
  );
}

/**
 * A screen the user has no right to (its loader threw MissingRightError): one clear view, no
 * Retry (trying again cannot help), and the way back to the articles.
 */
export function AccessDenied({ right }: { right: Right }) {
  const { t } = useTranslation(SHELL_NS);
  return (
    <div style={boxStyle} data-testid="access-denied" data-right={right}>
      <Alert
        type="warning"
        role="status"
        title={
          <h1 style={{ fontSize: 'inherit', fontWeight: 'inherit', margin: 0 }}>{t([`access.denied.${right}`, 'access.denied.other'])}</h1>
        }
        description={t('access.text')}
        action={<Link to="/">{t('access.home')}</Link>}
      />
    </div>
  );
}
