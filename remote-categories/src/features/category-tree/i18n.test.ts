import { manageDe, manageEn, pickerDe, pickerEn, treeDe, treeEn } from './i18n';

const keys = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, text]) =>
    typeof text === 'string' ? [`${prefix}${key}`] : keys(text as object, `${prefix}${key}.`),
  );

it('German covers every English key with a non-empty text', () => {
  expect(keys(treeDe).sort()).toEqual(keys(treeEn).sort());
  for (const key of keys(treeDe)) expect(key && (treeDe as Record<string, string>)[key]).toBeTruthy();
});

it('uses the spec wording', () => {
  expect(treeEn.noRecords).toBe('No records found');
});

it.each([
  ['manage', manageEn, manageDe],
  ['picker', pickerEn, pickerDe],
])('German covers every %s key', (_name, en, de) => {
  expect(keys(de).sort()).toEqual(keys(en).sort());
  const get = (tree: object, key: string): unknown =>
    key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown>)[part], tree);
  for (const key of keys(de)) expect(get(de, key)).toBeTruthy();
});

it('has the spec toasts, plus Moved for a reorder (not in the spec, same style)', () => {
  expect(manageEn.messages).toEqual({ Saved: 'Saved', Enabled: 'Enabled', Disabled: 'Disabled', Deleted: 'Deleted', Moved: 'Moved' });
});
