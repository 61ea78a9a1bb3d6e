import { formatArticleDate, parseArticleDate } from './formatDate';

describe('parseArticleDate', () => {
  it('reads ISO dates', () => {
    expect(parseArticleDate('2024-05-01T10:30:00Z')?.toISOString()).toBe('2024-05-01T10:30:00.000Z');
  });
  it('reads the portal format as local time', () => {
    const d = parseArticleDate('2024-05-01 10:30:00');
    expect([d?.getFullYear(), d?.getMonth(), d?.getDate(), d?.getHours(), d?.getMinutes()]).toEqual([2024, 4, 1, 10, 30]);
  });
  it.each([null, undefined, '', '  ', '0000-00-00 00:00:00', '1970-01-01', 'soon'])('%p is no date', (v) =>
    expect(parseArticleDate(v)).toBeNull(),
  );
});

describe('formatArticleDate', () => {
  it('formats in the language', () => {
    expect(formatArticleDate('2024-05-01T10:30:00Z', 'en', 'UTC')).toBe('May 1, 2024, 10:30 AM');
    expect(formatArticleDate('2024-05-01T10:30:00Z', 'de', 'UTC')).toBe('01.05.2024, 10:30');
  });
  it('shows unreadable text as it is', () => expect(formatArticleDate('next week', 'en')).toBe('next week'));
  it('shows placeholders and nothing as empty', () => {
    expect(formatArticleDate('0000-00-00 00:00:00', 'en')).toBe('');
    expect(formatArticleDate(null, 'en')).toBe('');
  });
});
