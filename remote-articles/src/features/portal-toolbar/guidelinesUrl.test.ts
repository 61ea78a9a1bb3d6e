import { DEFAULT_GUIDELINES_URL, pickGuidelinesUrl } from './guidelinesUrl';

describe('pickGuidelinesUrl', () => {
  it.each([
    ['https://wiki.example/newsroom/guidelines', 'https://wiki.example/newsroom/guidelines'],
    ['http://intranet/guidelines', 'http://intranet/guidelines'],
    ['  /docs/guidelines.html ', '/docs/guidelines.html'],
  ])('uses %p', (configured, expected) => {
    expect(pickGuidelinesUrl(configured)).toBe(expected);
  });

  it.each([undefined, '', '   ', 'javascript:alert(1)', '//evil.example/x', 'ftp://x/y', 'guidelines', 'https://a b'])(
    'falls back to the default for %p',
    (configured) => {
      expect(pickGuidelinesUrl(configured)).toBe(DEFAULT_GUIDELINES_URL);
    },
  );
});
