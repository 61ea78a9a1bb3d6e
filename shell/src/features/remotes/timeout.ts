/**
 * How long one load of a remote (its mf-manifest.json, its remoteEntry.js, its `./routes`) and the
 * remotes manifest may take before the shell gives up and shows the inline error with Retry.
 * 8 s by default; a build sets NEWSDESK_REMOTE_TIMEOUT_MS, a deployment `"$timeoutMs"` in /remotes.json.
 */
export const DEFAULT_REMOTE_TIMEOUT_MS = 8000;

/** The build's value (DefinePlugin), else the default. */
export function buildTimeoutMs(value: string | undefined = process.env.NEWSDESK_REMOTE_TIMEOUT_MS): number {
  const ms = Number(value);
  return Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_REMOTE_TIMEOUT_MS;
}

/** "8 s", "1.5 s": for messages. */
export const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;

export class TimeoutError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeoutError';
  }
}

/**
 * `work`, or a TimeoutError with `message` once `ms` have passed (the work itself is not stopped:
 * callers that can abort pass a signal of their own).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(message)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/**
 * GETs `url` and reads its body, aborting after `ms` (then a TimeoutError "no answer within …").
 * Any HTTP status answers; network failures throw as fetch does.
 */
export async function fetchTextWithin(
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  ms: number,
): Promise<{ ok: boolean; status: number; text: string }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  try {
    const response = await fetchImpl(url, { ...init, signal: controller.signal });
    return { ok: response.ok, status: response.status, text: response.ok ? await response.text() : '' };
  } catch (error) {
    throw timedOut ? new TimeoutError(`no answer within ${seconds(ms)}`) : error;
  } finally {
    clearTimeout(timer);
  }
}
