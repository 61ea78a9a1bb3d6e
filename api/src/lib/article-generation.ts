/**
 * A process-wide counter of "something the article list shows may have changed". Writers bump it
 * (article repositories, the list routes after their transaction, the LISTEN handler when another
 * process or plain SQL wrote: migration 0012's statement triggers NOTIFY `article_list`), and the
 * list's response cache (article-list-cache.ts) only serves an entry made at the current value.
 * One counter for every app in the process: a bump from another app only costs a cache miss.
 * A bump inside a transaction happens before the commit: a list read between the bump and the
 * commit still sees the old rows and may be kept under the new value. So a writer bumps again once
 * committed where it can (the list routes), and the NOTIFY (sent at commit) bumps it in every process.
 */
let generation = 0;

/** The current generation; an entry computed at an older one is stale. */
export function articleGeneration(): number {
  return generation;
}

/** Call on every write to articles or to what the list shows beside them (authors, categories, users). */
export function bumpArticleGeneration(): void {
  generation += 1;
}

/** The channel the triggers of migration 0012 notify on (one NOTIFY per statement, empty payload). */
export const ARTICLE_LIST_CHANNEL = 'article_list';
