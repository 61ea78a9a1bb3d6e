import { byName, lastSeenText, minutesSince } from './lastSeen';

const now = new Date('2026-05-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('last seen', () => {
  it.each([
    [0, 0],
    [59_999, 0],
    [60_000, 1],
    [14 * 60_000 + 59_000, 14],
    [-30_000, 0],
  ])('%i ms ago is %i minutes', (ms, minutes) => {
    expect(minutesSince(ago(ms), now)).toBe(minutes);
  });

  it('cannot read a broken time', () => {
    expect(minutesSince('yesterday-ish', now)).toBeNull();
    expect(lastSeenText('yesterday-ish', now, 'en')).toBe('');
  });

  it.each([
    [0, 'en', 'this minute'],
    [60_000, 'en', '1 minute ago'],
    [5 * 60_000, 'en', '5 minutes ago'],
    [5 * 60_000, 'de', 'vor 5 Minuten'],
    [2 * 3_600_000, 'en', '2 hours ago'],
    [3 * 86_400_000, 'en', '3 days ago'],
  ])('%i ms ago in %s reads %p', (ms, language, text) => {
    expect(lastSeenText(ago(ms), now, language)).toBe(text);
  });

  it('sorts by name, any letter case, then username', () => {
    const list = [
      { name: 'sam', username: 'b' },
      { name: 'Alex', username: 'z' },
      { name: 'Sam', username: 'a' },
    ];
    expect(byName(list)).toEqual([
      { name: 'Alex', username: 'z' },
      { name: 'Sam', username: 'a' },
      { name: 'sam', username: 'b' },
    ]);
    expect(list[0]?.name).toBe('sam'); // the input is left as it was
  });
});
