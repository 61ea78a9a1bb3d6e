/**
 * Which build of a remote a screen comes from, as attributes on the screen's root element
 * (`data-remote="remote-articles" data-build="<label>"`): the browser tests and a developer's
 * inspector read them; users see nothing (no developer footer on the product's screens).
 *
 * Imported by its path, `shared/ui/buildMark`, so each remote bundles its own copy and the label is
 * the build of the remote it is in: `process.env.NEWSDESK_BUILD_LABEL` is replaced (DefinePlugin)
 * by whichever build compiles this module.
 */

/** The build label of the app this module is bundled into; 'dev' without one (tests). */
export function buildLabel(): string {
  try {
    return process.env.NEWSDESK_BUILD_LABEL || 'dev';
  } catch {
    return 'dev'; // `process` does not exist in the browser when the value was not defined
  }
}

/** The attributes that mark a screen's root with its remote (the folder, e.g. 'remote-articles') and build. */
export function buildMark(remote: string, label = buildLabel()): { 'data-remote': string; 'data-build': string } {
  return { 'data-remote': remote, 'data-build': label };
}
