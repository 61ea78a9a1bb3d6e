/**
 * The small muted footer at the end of every remote screen: "<remote folder> · build <label>"
 * (the browser tests read it to prove which build of a remote is loaded).
 *
 * Import it by its path, `shared/src/ui/BuildFooter`, never from shared's index: it uses antd, and
 * the index is the Module Federation singleton the shell loads before sign-in, which must stay
 * antd-free (docs/ARCHITECTURE.md "antd and /login"). Only the exact request 'shared' is shared at
 * run time, so this path is bundled into each remote (like shared/src/dev/StandaloneHost); it
 * reaches the kernel only through 'shared' and holds no state of its own.
 *
 * The label: `process.env.NEWSDESK_BUILD_LABEL` is replaced (DefinePlugin) by whichever build
 * compiles this module, and each remote bundles its own copy of it, so the footer shows the build
 * of the remote it is in.
 */
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { addTranslations } from 'shared';

export const BUILD_FOOTER_NS = 'buildFooter';

export const buildFooterEn = {
  /** `name`: the remote's folder; `label`: its build label. */
  text: '{{name}} · build {{label}}',
};

export const buildFooterDe: typeof buildFooterEn = {
  text: '{{name}} · build {{label}}',
};

addTranslations(BUILD_FOOTER_NS, { en: buildFooterEn, de: buildFooterDe });

/** The build label of the app this module is bundled into; 'dev' without one (tests). */
export function buildLabel(): string {
  try {
    return process.env.NEWSDESK_BUILD_LABEL || 'dev';
  } catch {
    return 'dev'; // `process` does not exist in the browser when the value was not defined
  }
}

export interface BuildFooterProps {
  /** The remote's folder, e.g. 'remote-articles': shown, and set as `data-remote`. */
  remote: string;
  /** The build label shown; default: the remote's own (buildLabel()). */
  label?: string;
}

export function BuildFooter({ remote, label = buildLabel() }: BuildFooterProps) {
  const { t } = useTranslation(BUILD_FOOTER_NS);
  return (
    <Typography.Text
      type="secondary"
      data-testid="build-label"
      data-remote={remote}
      style={{ display: 'block', marginTop: 24, fontSize: 11, textAlign: 'right' }}
    >
      {t('text', { name: remote, label })}
    </Typography.Text>
  );
}
