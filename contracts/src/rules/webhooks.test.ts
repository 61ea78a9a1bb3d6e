import { articleEventsOf, chatMessage, isDelivered, retryDelaySeconds, WEBHOOK_RETRY_MAX_SECONDS } from './webhooks';

describe('webhook rules', () => {
  it('derives the article events from the state before and after', () => {
    expect(articleEventsOf(0, 1, true)).toEqual(['article.published']);
    expect(articleEventsOf(null, 1, true)).toEqual(['article.published']);
    expect(articleEventsOf(1, 0, true)).toEqual(['article.unpublished']);
    expect(articleEventsOf(1, -2, true)).toEqual(['article.unpublished']);
    expect(articleEventsOf(1, null, true)).toEqual(['article.unpublished']);
    expect(articleEventsOf(1, 1, true)).toEqual(['article.updated']);
    expect(articleEventsOf(1, 1, false)).toEqual([]);
    expect(articleEventsOf(0, 0, true)).toEqual([]);
    expect(articleEventsOf(5, 3, true)).toEqual([]);
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(retryDelaySeconds(40)).toBe(WEBHOOK_RETRY_MAX_SECONDS);
    expect(retryDelaySeconds(0)).toBe(5);
  });

  it('counts only 2xx as delivered', () => {
    expect([200, 204, 299].every(isDelivered)).toBe(true);
    expect([null, 199, 301, 404, 500].some(isDelivered)).toBe(false);
  });

  it('formats the chat preset', () => {
    expect(chatMessage('article.published', { id: 7, title: 'Rain' })).toEqual({ text: 'Published: "Rain" (article 7)' });
    expect(chatMessage('import.failed', { importer_name: 'Wire', run_id: 3, error: 'Timeout' })).toEqual({
      text: 'Import failed: Wire (run 3): Timeout',
    });
  });
});
