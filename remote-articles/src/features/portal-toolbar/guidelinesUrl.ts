/**
 * Where the portal's Guidelines link points. Editorial guidelines usually live outside this app
 * (intranet, wiki), so the address is set when the remote is built: NEWSDESK_GUIDELINES_URL
 * (webpack DefinePlugin in webpack.common.js). Without it, the default below.
 */
export const DEFAULT_GUIDELINES_URL = 'https://www.newsdesk.example/editorial-guidelines';

/** Only http(s) addresses and same-origin paths are used; anything else falls back to the default. */
export function pickGuidelinesUrl(configured: string | undefined): string {
  const value = configured?.trim() ?? '';
  if (/^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value)) return value;
  return DEFAULT_GUIDELINES_URL;
}

export function guidelinesUrl(): string {
  try {
    return pickGuidelinesUrl(process.env.NEWSDESK_GUIDELINES_URL);
  } catch {
    return DEFAULT_GUIDELINES_URL; // `process` does not exist in the browser when the value was not defined
  }
}
