import { shellDe, shellEn } from './i18n';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v as object, `${prefix}${k}.`)));
}

test('German has every English key, and no empty text', () => {
  expect(keys(shellDe).sort()).toEqual(keys(shellEn).sort());
  for (const tree of [shellEn, shellDe]) {
    for (const key of keys(tree)) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
      expect(String(value).trim()).not.toBe('');
    }
  }
});

test('the spec texts, word for word', () => {
  expect(shellEn.banner).toBe('You are currently using the non-secure version of the portal. Please log in at the secure address');
  expect(shellEn.loading).toBe('Loading...');
  expect(shellEn.login.submit).toBe('Log in');
  expect(shellEn.login.remember).toBe('Remember Me');
  expect(shellEn.notFound).toBe('404');
  expect(shellEn.nav).toMatchObject({ articles: 'Articles', import: 'Import', categories: 'Categories' });
});
