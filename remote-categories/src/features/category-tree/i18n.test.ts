import { treeDe, treeEn } from './i18n';

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
