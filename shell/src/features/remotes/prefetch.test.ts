import { prefetchRemote, prefetchScripts, remoteScriptUrls } from './prefetch';

const MANIFEST_URL = 'http://localhost/remotes/remote-articles/mf-manifest.json';
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './routes', assets: { js: { sync: ['__federation_expose_routes.1.js'], async: ['portal.2.js', 'antd-table.3.js'] } } },
    { path: './Other', assets: { js: { sync: ['other.4.js'], async: [] } } },
  ],
  shared: [
    { name: 'react', assets: { js: { sync: ['react.5.js'], async: [] } } },
    { name: 'antd/es/table', assets: { js: { sync: ['antd-table.3.js'], async: ['rc-table.6.js'] } } },
  ],
};

const prefetched = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => `${link.as} ${link.href}`);

afterEach(() => document.head.replaceChildren());

describe('remoteScriptUrls', () => {
  it("lists the remote's entry and the chunks of one exposed module, next to the manifest (publicPath auto)", () => {
    expect(remoteScriptUrls(MANIFEST_URL, MANIFEST, './routes', () => true)).toEqual([
      'http://localhost/remotes/remote-articles/remoteEntry.js',
      'http://localhost/remotes/remote-articles/__federation_expose_routes.1.js',
      'http://localhost/remotes/remote-articles/portal.2.js',
      'http://localhost/remotes/remote-articles/antd-table.3.js',
    ]);
  });

  it("adds the remote's copies of the shared modules the host does not provide", () => {
    expect(remoteScriptUrls(MANIFEST_URL, MANIFEST, './routes', (name) => name === 'react')).toEqual([
      'http://localhost/remotes/remote-articles/remoteEntry.js',
      'http://localhost/remotes/remote-articles/__federation_expose_routes.1.js',
      'http://localhost/remotes/remote-articles/portal.2.js',
      'http://localhost/remotes/remote-articles/antd-table.3.js',
      'http://localhost/remotes/remote-articles/rc-table.6.js',
    ]);
  });

  it('uses a fixed publicPath and an entry folder', () => {
    const manifest = {
      ...MANIFEST,
      metaData: { publicPath: 'https://cdn.example/articles/', remoteEntry: { name: 'remoteEntry.js', path: 'entry' } },
    };
    expect(remoteScriptUrls(MANIFEST_URL, manifest, './Other', () => true)).toEqual([
      'https://cdn.example/articles/entry/remoteEntry.js',
      'https://cdn.example/articles/other.4.js',
    ]);
  });

  it('answers nothing, or only what it can read, for an odd manifest', () => {
    expect(remoteScriptUrls(MANIFEST_URL, null, './routes')).toEqual([]);
    expect(remoteScriptUrls(MANIFEST_URL, { exposes: 'no' }, './routes')).toEqual([]);
    expect(remoteScriptUrls(MANIFEST_URL, { metaData: { remoteEntry: { name: 'remoteEntry.js' } } }, './routes')).toEqual([
      'http://localhost/remotes/remote-articles/remoteEntry.js',
    ]);
  });
});

describe('prefetchScripts', () => {
  it('adds one prefetch link per script, once', () => {
    expect(prefetchScripts(['http://localhost/a.js', 'http://localhost/b.js'])).toBe(2);
    expect(prefetchScripts(['http://localhost/b.js', 'http://localhost/c.js'])).toBe(1);
    expect(prefetched()).toEqual(['script http://localhost/a.js', 'script http://localhost/b.js', 'script http://localhost/c.js']);
    // Prefetched, not run: no script element was added.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});

describe('prefetchRemote', () => {
  it("reads the remote's manifest from the remotes list and prefetches its ./routes", async () => {
    const fetchJson = jest.fn(async () => MANIFEST);
    const remotes = async () => ({ remote_articles: MANIFEST_URL });
    await expect(prefetchRemote('remote_articles', { remotes, fetchJson, provided: () => true })).resolves.toBe(4);
    expect(fetchJson).toHaveBeenCalledWith(MANIFEST_URL);
    expect(prefetched()).toHaveLength(4);
  });

  it('prefetches nothing, and throws nothing, when the remote is unknown or its manifest fails', async () => {
    const failing = jest.fn(async () => {
      throw new Error('HTTP 404');
    });
    await expect(prefetchRemote('remote_x', { remotes: async () => ({}), fetchJson: failing })).resolves.toBe(0);
    await expect(
      prefetchRemote('remote_articles', { remotes: async () => ({ remote_articles: MANIFEST_URL }), fetchJson: failing }),
    ).resolves.toBe(0);
    await expect(prefetchRemote('remote_articles', { remotes: () => Promise.reject(new Error('no remotes.json')) })).resolves.toBe(0);
    expect(prefetched()).toEqual([]);
  });
});
