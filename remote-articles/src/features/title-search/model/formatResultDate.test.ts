import { formatResultDate } from './formatResultDate';

describe('formatResultDate', () => {
  it.each([null, undefined, '', '  ', '0000-00-00 00:00:00', '1970-01-01T00:00:00.000Z'])('%p is no date', (value) => {
    expect(formatResultDate(value, 'en')).toBe('');
  });

  it('formats ISO and "YYYY-MM-DD HH:mm" dates in the language', () => {
    expect(formatResultDate('2026-03-04T10:00:00.000Z', 'en', 'UTC')).toBe('Mar 4, 2026');
    expect(formatResultDate('2026-03-04T10:00:00.000Z', 'de', 'UTC')).toBe('04.03.2026');
    expect(formatResultDate('2026-03-04 10:00:00', 'en', 'UTC')).toMatch(/^Mar [34], 2026$/);
  });

  it('shows text that is not a date as it is', () => {
    expect(formatResultDate('soon', 'en')).toBe('soon');
  });
});
