import { decodeEntitiesAndFoldSpaces } from './html-text';

describe('decodeEntitiesAndFoldSpaces', () => {
  it('decodes the five escaped characters, &amp; last', () => {
    expect(decodeEntitiesAndFoldSpaces('&lt;b&gt; &quot;x&quot; &#39;y&#39; &amp;lt;')).toBe('<b> "x" \'y\' &lt;');
  });

  it('folds runs of white space and trims', () => {
    expect(decodeEntitiesAndFoldSpaces('  a \n\t b  ')).toBe('a b');
  });

  it('leaves other entities as they are', () => {
    expect(decodeEntitiesAndFoldSpaces('&nbsp;&eacute;')).toBe('&nbsp;&eacute;');
  });
});
