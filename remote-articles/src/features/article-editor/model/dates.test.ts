import {
  dateForInput,
  dateTimeForInput,
  dateTimeForServer,
  userTimeZone,
  isPlaceholderDate,
  isPublishRangeValid,
  referenceDateForForm,
  timeForInput,
} from './dates';

describe('reference-date placeholders', () => {
  it.each([
    ['', true],
    [null, true],
    [undefined, true],
    ['   ', true],
    ['1970-01-01', true],
    ['1970-01-01 00:00:00', true],
    ['1970-01-01T00:00:00.000Z', true],
    ['0000-00-00', true],
    ['0000-00-00 00:00:00', true],
    ['1970-01-02', false],
    ['2024-05-01', false],
    ['2024-05-01 10:30:00', false],
  ])('%p is a placeholder: %p', (value, expected) => {
    expect(isPlaceholderDate(value)).toBe(expected);
  });

  it('the form gets YYYY-MM-DD or nothing', () => {
    expect(referenceDateForForm('1970-01-01')).toBe('');
    expect(referenceDateForForm('0000-00-00 00:00:00')).toBe('');
    expect(referenceDateForForm('2024-05-01')).toBe('2024-05-01');
    expect(referenceDateForForm('2024-05-01T22:10:00Z')).toBe('2024-05-01');
    expect(referenceDateForForm('not a date')).toBe('');
    expect(dateForInput('2023-12-31 08:00:00')).toBe('2023-12-31');
  });
});

describe('publish dates', () => {
  it('0000-00-00 00:00:00 and empty mean empty, both ways', () => {
    expect(dateTimeForInput('0000-00-00 00:00:00')).toBe('');
    expect(dateTimeForInput('')).toBe('');
    expect(dateTimeForServer('')).toBe('');
    expect(dateTimeForServer('0000-00-00T00:00')).toBe('');
  });
  it('server → datetime-local → server (UTC user)', () => {
    expect(dateTimeForInput('2024-05-01 10:30:00', 'UTC')).toBe('2024-05-01T10:30');
    expect(dateTimeForServer('2024-05-01T10:30', 'UTC')).toBe('2024-05-01 10:30:00');
    expect(dateTimeForServer('2024-05-01T10:30:15', 'UTC')).toBe('2024-05-01 10:30:15');
    expect(dateTimeForServer('garbage', 'UTC')).toBe('');
    expect(dateTimeForServer('2024-02-30T10:00', 'UTC')).toBe('');
    expect(dateTimeForInput('garbage', 'UTC')).toBe('');
  });
  it('the browser zone by default (the tests run in UTC)', () => {
    expect(userTimeZone()).toBe('UTC');
    expect(dateTimeForInput('2024-05-01 10:30:00')).toBe('2024-05-01T10:30');
    expect(dateTimeForServer('2024-05-01T10:30')).toBe('2024-05-01 10:30:00');
  });
  it.each([
    // zone, UTC as stored, as the user sees and enters it
    ['Europe/Berlin', '2024-01-15 09:00:00', '2024-01-15T10:00'], // winter, +1
    ['Europe/Berlin', '2024-07-15 09:00:00', '2024-07-15T11:00'], // summer, +2
    ['America/New_York', '2024-07-15 02:30:00', '2024-07-14T22:30'], // the day before, -4
    ['Asia/Kolkata', '2024-03-01 18:45:00', '2024-03-02T00:15'], // +5:30, the day after
    ['Australia/Sydney', '2024-12-31 13:00:00', '2025-01-01T00:00'], // summer there, +11, the year after
  ])('%s: stored %s (UTC) is shown and entered as %s, both ways', (zone, utc, local) => {
    expect(dateTimeForInput(utc, zone)).toBe(local);
    expect(dateTimeForServer(local, zone)).toBe(utc);
  });
  it('reads ISO values with a zone as the instant they name', () => {
    expect(dateTimeForInput('2024-07-15T09:00:00.000Z', 'Europe/Berlin')).toBe('2024-07-15T11:00');
    expect(dateTimeForInput('2024-07-15T11:00:00+02:00', 'UTC')).toBe('2024-07-15T09:00');
  });
  it('daylight-saving changes: the skipped hour is read with the offset after it; the repeated hour once', () => {
    // Berlin 2024-03-31 02:00-03:00 does not exist: 02:30 is read at +1 (01:30 UTC), which shows as 03:30.
    expect(dateTimeForServer('2024-03-31T02:30', 'Europe/Berlin')).toBe('2024-03-31 01:30:00');
    // 2024-10-27 02:30 happens twice; one of the two instants, consistently both ways.
    const stored = dateTimeForServer('2024-10-27T02:30', 'Europe/Berlin');
    expect(['2024-10-27 00:30:00', '2024-10-27 01:30:00']).toContain(stored);
    expect(dateTimeForInput(stored, 'Europe/Berlin')).toBe('2024-10-27T02:30');
  });
  it("without a zone, the browser's own (read from Date, not Intl) gives what its name gives", () => {
    const zone = userTimeZone();
    for (const stored of ['2024-01-15 09:00:00', '2024-07-15 09:00:00', '2024-10-27 00:30:00', '2024-10-27 01:30:00']) {
      expect(dateTimeForInput(stored)).toBe(dateTimeForInput(stored, zone));
    }
    for (const entered of ['2024-01-15T10:00', '2024-07-15T11:00', '2024-03-31T02:30', '2024-10-27T02:30']) {
      expect(dateTimeForServer(entered)).toBe(dateTimeForServer(entered, zone));
    }
  });
  it('publish_down may not be before publish_up', () => {
    expect(isPublishRangeValid('', '2024-01-01T00:00')).toBe(true);
    expect(isPublishRangeValid('2024-01-01T00:00', '')).toBe(true);
    expect(isPublishRangeValid('2024-01-01T00:00', '2024-01-01T00:00')).toBe(true);
    expect(isPublishRangeValid('2024-01-02T00:00', '2024-01-01T23:59')).toBe(false);
  });
  it('times keep hours and minutes', () => {
    expect(timeForInput('09:05:00')).toBe('09:05');
    expect(timeForInput('9:5')).toBe('');
    expect(timeForInput(null)).toBe('');
  });
});
