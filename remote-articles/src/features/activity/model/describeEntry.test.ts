import { ACTIVITY_ACTIONS } from 'contracts/rules/activity';
import { activityDe, activityEn } from '../i18n';
import { changeLines, detailLines, fieldLabel, formatValue, KNOWN_FIELDS, plainText, type Translate } from './describeEntry';

/** A `t` over the English texts: nested keys, {{name}} filled, defaultValue when missing. */
function translator(texts: object): Translate {
  return (key, options = {}) => {
    const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
    const text = typeof found === 'string' ? found : String(options.defaultValue ?? key);
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(options[name]));
  };
}
const t = translator(activityEn);

describe('field labels', () => {
  it.each(KNOWN_FIELDS)('%s has an English and a German label', (field) => {
    expect(typeof (activityEn.fields as Record<string, string>)[field]).toBe('string');
    expect(typeof (activityDe.fields as Record<string, string>)[field]).toBe('string');
  });

  it('a field the screen does not know shows its own name', () => {
    expect(fieldLabel('defaults.topics', t)).toBe('defaults.topics');
    expect(fieldLabel('state', t)).toBe('Status');
  });
});

describe('formatValue', () => {
  it.each([
    ['state', 1, 'Published'],
    ['state', -2, 'Trash'],
    ['state', 2, 'Other'],
    ['access', 1, 'Public'],
    ['access', 3, 'Premium'],
    ['access', 9, '9'],
    ['featured', 1, 'yes'],
    ['newsletter', 0, 'no'],
    ['use_source_link', '1', 'yes'],
    ['text', '<p>Hello&nbsp;<strong>world</strong> &amp; more</p>', 'Hello world & more'],
    ['tags', ['Harbour', 'Sea'], 'Harbour, Sea'],
    ['location', { country_code: 'AU', state_id: 3 }, '{"country_code":"AU","state_id":3}'],
    ['title', null, ''],
    ['title', '', ''],
    ['ordering', 0, '0'],
  ])('%s %p → %p', (field, value, text) => expect(formatValue(field, value, t)).toBe(text));

  it('an instant reads in the language and time zone of the user; other text stays', () => {
    const at = '2026-11-24T08:25:51.356Z';
    expect(formatValue('date', at, t, 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at)),
    );
    expect(formatValue('publish_up', '2026-11-21 06:00:00', t)).toBe('2026-11-21 06:00:00');
  });

  it('plainText folds spaces and drops tags', () => {
    expect(plainText('<p>a</p>\n<p>b</p>')).toBe('a b');
  });
});

describe('changeLines and detailLines', () => {
  it('one line per field, in the order recorded', () => {
    expect(changeLines({ state: { from: 4, to: 1 }, title: { from: null, to: 'Harbour' } }, t)).toEqual([
      { field: 'state', label: 'Status', from: 'Awaiting approval', to: 'Published' },
      { field: 'title', label: 'Title', from: '', to: 'Harbour' },
    ]);
  });

  it('details in a fixed order, translated; unknown keys and empty values left out', () => {
    expect(detailLines({ reason: 'invalid_credentials', username: 'bob', secret: 'x', ip: '' }, t)).toEqual([
      'Login name tried: bob',
      'Why: wrong name or password',
    ]);
    expect(detailLines({ status: 'error', created: 0, copied_from: 7 }, t)).toEqual([
      'Outcome: failed',
      'Articles created: 0',
      'Copy of article #7',
    ]);
    expect(detailLines(null, t)).toEqual([]);
  });

  it('a restored revision names the version brought back; every action has a label in both languages', () => {
    expect(detailLines({ restored_version: 3 }, t)).toEqual(['Version brought back: 3']);
    for (const action of ACTIVITY_ACTIONS) {
      expect(typeof (activityEn.actions as Record<string, string>)[action]).toBe('string');
      expect(typeof (activityDe.actions as Record<string, string>)[action]).toBe('string');
    }
    expect(activityEn.actions.restore_revision).toBe('Restored a version');
  });
});
