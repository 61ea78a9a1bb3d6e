// What bench:ux reads inside the page around one click: when the click happened, when the result
// was first painted, and from the browser's own Performance API what happened in between — the
// last response that arrived before the paint, the main thread's long tasks after it, and the
// JavaScript the click made the page load.
import type { Page } from 'playwright-core';

const TIMEOUT = 60_000;

interface ProbeWindow {
  __benchClickAt: number;
  __benchLongTasks: Array<{ start: number; end: number }>;
}

/**
 * Init script: records when the last click happened (capture phase: before the app handles it) and
 * every long task (≥ 50 ms of main-thread work without a break: parsing, running, styling, layout).
 */
export const PAGE_PROBES = () => {
  const probe = window as unknown as ProbeWindow;
  probe.__benchLongTasks = [];
  document.addEventListener('click', () => (probe.__benchClickAt = performance.now()), true);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.__benchLongTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
  }).observe({ type: 'longtask', buffered: true });
};

export type Shown = 'present' | 'filled';

/** One click, taken apart. Every figure is in ms after the click unless named otherwise. */
export interface ClickTiming {
  /** The result first painted: the first animation frame at which it is in the document. */
  painted: number;
  /** The last response that ended before the paint (the data or code the result waited for); 0 when none. */
  lastResponse: number;
  /** Long tasks' time between the last response and the paint: main-thread work the user waited for. */
  busyAfterResponse: number;
  /** Long tasks' time between the click and the paint. */
  busy: number;
  /** Decoded size of the JavaScript loaded after the click and before the paint (network or cache), KB. */
  scriptKb: number;
  /** Requests that ended before the paint: start and end after the click, and whether no bytes came over the network. */
  requests: Array<{ name: string; start: number; end: number; cached: boolean }>;
}

/**
 * Clicks, then waits for the first animation frame at which `selector` matches a rendered element
 * ('filled': an input with a value); answers the click taken apart (see ClickTiming).
 */
export async function timeClick(page: Page, click: () => Promise<void>, shown: Shown, selector: string): Promise<ClickTiming> {
  await page.evaluate(() => ((window as unknown as ProbeWindow).__benchClickAt = -1));
  await click();
  const handle = await page
    .waitForFunction(
      ({ css, kind }) => {
        const clickAt = (window as unknown as ProbeWindow).__benchClickAt;
        if (clickAt < 0) return false;
        const found = [...document.querySelectorAll<HTMLInputElement>(css)].some(
          (element) => element.getClientRects().length > 0 && (kind === 'present' || element.value.trim() !== ''),
        );
        return found ? performance.now() - clickAt : false;
      },
      { css: selector, kind: shown },
      { polling: 'raf', timeout: TIMEOUT },
    )
    .catch(async (error: unknown) => {
      await page.screenshot({ path: '/tmp/bench-ux-fail.png' }).catch(() => undefined);
      throw error;
    });
  const painted = (await handle.jsonValue()) as number;
  // Long tasks are reported after they end: the one that painted the result needs a moment to arrive.
  await page.waitForTimeout(100);
  return page.evaluate(readTiming, painted);
}

/** In the page: the click's requests, long tasks and scripts up to `painted` ms after it. */
function readTiming(painted: number): ClickTiming {
  const probe = window as unknown as ProbeWindow;
  const clickAt = probe.__benchClickAt;
  const paintAt = clickAt + painted;
  const resources = performance
    .getEntriesByType('resource')
    .map((entry) => entry as PerformanceResourceTiming)
    .filter((entry) => entry.startTime >= clickAt && entry.responseEnd <= paintAt);
  const lastResponseAt = Math.max(clickAt, ...resources.map((entry) => entry.responseEnd));
  // Long tasks' time inside [from, to] for each window (no named inner function: tsx would wrap it in a helper the page lacks).
  const [busyAfterResponse, busy] = [lastResponseAt, clickAt].map((from) =>
    probe.__benchLongTasks.reduce((sum, task) => sum + Math.max(0, Math.min(task.end, paintAt) - Math.max(task.start, from)), 0),
  );
  const scripts = resources.filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(entry.name));
  return {
    painted: Math.round(painted),
    lastResponse: Math.round(lastResponseAt - clickAt),
    busyAfterResponse: Math.round(busyAfterResponse ?? 0),
    busy: Math.round(busy ?? 0),
    scriptKb: Math.round(scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0) / 1024),
    requests: resources.map((entry) => ({
      name: entry.name,
      start: Math.round(entry.startTime - clickAt),
      end: Math.round(entry.responseEnd - clickAt),
      cached: entry.transferSize === 0,
    })),
  };
}
