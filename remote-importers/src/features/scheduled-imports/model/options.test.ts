import { formatOption, isEnabled, normaliseOptionValue, optionLabelKey, scheduleLabel, OPTION_GROUPS } from './options';

const t = (key: string) => `<${key}>`;

describe('scheduleLabel (spec: 1 Hourly, 2 Daily, 3 Weekly, 4 Every 5 Mins, other values as is)', () => {
  it.each([
    [1, '<options.schedule.1>'],
    [2, '<options.schedule.2>'],
    [3, '<options.schedule.3>'],
    [4, '<options.schedule.4>'],
    ['1', '<options.schedule.1>'],
    [' 4 ', '<options.schedule.4>'],
    ['04', '<options.schedule.4>'],
  ])('%p → %s', (value, label) => expect(scheduleLabel(value, t)).toBe(label));

  it.each([
    [0, '0'],
    [5, '5'],
    [-1, '-1'],
    ['weekly', 'weekly'],
    ['2.5', '2.5'],
    [99, '99'],
  ])('unknown %p is shown as is (%s)', (value, shown) => expect(scheduleLabel(value, t)).toBe(shown));

  it('nothing shows as empty', () => {
    expect(scheduleLabel(null, t)).toBe('');
    expect(scheduleLabel(undefined, t)).toBe('');
    expect(scheduleLabel('', t)).toBe('');
  });

  it('uses the real English labels', () => {
    const en: Record<string, string> = {
      'options.schedule.1': 'Hourly',
      'options.schedule.2': 'Daily',
      'options.schedule.3': 'Weekly',
      'options.schedule.4': 'Every 5 Mins',
    };
    expect([1, 2, 3, 4, 7].map((v) => scheduleLabel(v, (k) => en[k] ?? k))).toEqual(['Hourly', 'Daily', 'Weekly', 'Every 5 Mins', '7']);
  });
});

describe('normaliseOptionValue', () => {
  it.each([
    [1, '1'],
    ['1', '1'],
    ['01', '1'],
    [1.0, '1'],
    ['1.0', '1'],
    [0, '0'],
    [-2, '-2'],
    [true, '1'],
    [false, '0'],
    [' x ', 'x'],
    ['', null],
    [null, null],
    [undefined, null],
    [{}, null],
  ])('%p → %p', (value, expected) => expect(normaliseOptionValue(value)).toBe(expected));
});

describe('optionLabelKey', () => {
  it('every listed value of every group has a key', () => {
    for (const [group, values] of Object.entries(OPTION_GROUPS)) {
      for (const value of values) {
        expect(optionLabelKey(group as keyof typeof OPTION_GROUPS, value)).toBe(`options.${group}.${value}`);
      }
    }
  });
  it('values outside a group have none', () => {
    expect(optionLabelKey('published', 2)).toBeNull();
    expect(optionLabelKey('imageSource', 3)).toBeNull();
    expect(optionLabelKey('enabled', 2)).toBeNull();
  });
});

describe('formatOption', () => {
  it('labels known values, shows others as is', () => {
    expect(formatOption('tinyURL', '3', t)).toBe('<options.tinyURL.3>');
    expect(formatOption('tinyURL', 9, t)).toBe('9');
    expect(formatOption('date', { a: 1 }, t)).toBe('{"a":1}');
  });
});

describe('isEnabled', () => {
  it.each([
    [1, true],
    ['1', true],
    [true, true],
    [0, false],
    ['0', false],
    [null, false],
    ['yes', false],
  ])('%p → %p', (value, expected) => expect(isEnabled(value)).toBe(expected));
});
