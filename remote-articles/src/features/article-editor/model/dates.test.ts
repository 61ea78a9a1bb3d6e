import {
  dateForInput,
  dateTimeForInput,
  dateTimeForServer,
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
  it('server → datetime-local → server', () => {
    expect(dateTimeForInput('2024-05-01 10:30:00')).toBe('2024-05-01T10:30');
    expect(dateTimeForServer('2024-05-01T10:30')).toBe('2024-05-01 10:30:00');
    expect(dateTimeForServer('2024-05-01T10:30:15')).toBe('2024-05-01 10:30:15');
    expect(dateTimeForServer('garbage')).toBe('');
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
