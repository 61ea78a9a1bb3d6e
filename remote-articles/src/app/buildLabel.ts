/**
 * The build label, replaced at build time by the common webpack config (DefinePlugin).
 * Without it (tests, a config that does not define it) the label is 'dev'.
 */
export function buildLabel(): string {
  try {
    return process.env.NEWSDESK_BUILD_LABEL || 'dev';
  } catch {
    return 'dev'; // `process` does not exist in the browser when the value was not defined
  }
}
