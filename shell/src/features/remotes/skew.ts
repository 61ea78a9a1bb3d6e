/**
 * Version skew between a remote and the shell: a remote's mf-manifest.json lists the singletons
 * it shares with the range it was built against (`requiredVersion`). A singleton runs once, in the
 * version loaded first (the shell's), so a remote whose range that version does not satisfy would
 * meet an API it was not built for (and fail at its first call). The shell refuses to load it and
 * says which module and versions (scripts/release-check.mjs applies the same rule before a release).
 */

/** One unsatisfied requirement: `remote` needs `module` `required`; the loaded one is `provided`. */
export interface SkewFinding {
  module: string;
  required: string;
  provided: string;
}

interface SharedEntry {
  name?: unknown;
  requiredVersion?: unknown;
  singleton?: unknown;
}

/**
 * The remote's singleton requirements that the loaded versions do not satisfy. `loadedVersion`
 * answers the version of a module already loaded in the page (undefined: not loaded, the remote
 * may bring its own); `satisfies` is the federation runtime's range check.
 */
export function findSkew(
  manifest: unknown,
  loadedVersion: (name: string) => string | undefined,
  satisfies: (version: string, range: string) => boolean,
): SkewFinding[] {
  const shared = typeof manifest === 'object' && manifest !== null ? (manifest as { shared?: unknown }).shared : undefined;
  const findings: SkewFinding[] = [];
  for (const entry of Array.isArray(shared) ? (shared as SharedEntry[]) : []) {
    if (typeof entry !== 'object' || entry === null || entry.singleton !== true) continue;
    const { name, requiredVersion } = entry;
    if (typeof name !== 'string' || typeof requiredVersion !== 'string' || requiredVersion === '' || requiredVersion === '*') continue;
    const provided = loadedVersion(name);
    if (provided !== undefined && !satisfies(provided, requiredVersion))
      findings.push({ module: name, required: requiredVersion, provided });
  }
  return findings;
}

/** "remote_x needs react ^18.2.0 (loaded: 19.3.1)": the error's details, for the console. */
export function describeSkew(remote: string, findings: readonly SkewFinding[]): string {
  return `${remote} needs ${findings.map((f) => `${f.module} ${f.required} (loaded: ${f.provided})`).join(', ')}.`;
}

interface ShareInfo {
  loaded?: unknown;
  loading?: unknown;
}

/**
 * The loaded version of `name` in a federation share scope map (`getInstance().shareScopeMap`):
 * the version whose module has been loaded, or is loading.
 */
export function loadedVersionIn(
  shareScopeMap: Record<string, Record<string, Record<string, ShareInfo>>> | undefined,
  name: string,
): string | undefined {
  for (const scope of Object.values(shareScopeMap ?? {})) {
    for (const [version, info] of Object.entries(scope[name] ?? {})) {
      if (info && (info.loaded || info.loading)) return version;
    }
  }
  return undefined;
}
