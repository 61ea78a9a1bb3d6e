import { fetchRemotesManifest, parseRemotesManifest, RemotesManifestError } from './manifest';

const BASE = 'https://newsdesk.example/articles?x=1';

describe('parseRemotesManifest', () => {
  test('resolves relative URLs against the page, keeps absolute ones', () => {
    expect(
      parseRemotesManifest(
        JSON.stringify({
          remote_articles: '/remotes/remote-articles/mf-manifest.json',
          remote_categories: 'http://cdn.example:8081/categories/mf-manifest.json',
          remote_importers: 'remotes/remote-importers/mf-manifest.json',
        }),
        BASE,
      ),
    ).toEqual({
      remote_articles: 'https://newsdesk.example/remotes/remote-articles/mf-manifest.json',
      remote_categories: 'http://cdn.example:8081/categories/mf-manifest.json',
      remote_importers: 'https://newsdesk.example/remotes/remote-importers/mf-manifest.json',
    });
  });

  test('bad JSON gives a clear error', () => {
    expect(() => parseRemotesManifest('{"remote_articles": ', BASE)).toThrow(RemotesManifestError);
    expect(() => parseRemotesManifest('<!doctype html><html>', BASE)).toThrow(/The remotes manifest \/remotes\.json is not valid JSON/);
  });

  test.each([
    ['an array', '["a"]', /must be a JSON object/],
    ['null', 'null', /must be a JSON object/],
    ['a non-string URL', '{"remote_articles": 42}', /remote "remote_articles" no URL/],
    ['an empty URL', '{"remote_articles": "  "}', /remote "remote_articles" no URL/],
    ['a bad name', '{"remote-articles": "/x.json"}', /invalid remote name "remote-articles"/],
    ['a non-http URL', '{"remote_articles": "javascript:alert(1)"}', /not http\(s\)/],
  ])('rejects %s', (_label, text, message) => {
    expect(() => parseRemotesManifest(text, BASE)).toThrow(message);
  });

  test('$timeoutMs is a setting (ms > 0), not a remote; other $ names are refused', () => {
    expect(parseRemotesManifest('{"$timeoutMs": "12000", "remote_articles": "/a/mf-manifest.json"}', BASE)).toEqual({
      $timeoutMs: '12000',
      remote_articles: 'https://newsdesk.example/a/mf-manifest.json',
    });
    expect(parseRemotesManifest('{"$timeoutMs": 500}', BASE)).toEqual({ $timeoutMs: '500' });
    expect(() => parseRemotesManifest('{"$timeoutMs": "soon"}', BASE)).toThrow(/invalid \$timeoutMs "soon"/);
    expect(() => parseRemotesManifest('{"$timeoutMs": 0}', BASE)).toThrow(/invalid \$timeoutMs 0/);
    expect(() => parseRemotesManifest('{"$other": "/x.json"}', BASE)).toThrow(/invalid remote name "\$other"/);
  });

  test('an empty object is a valid (empty) manifest', () => {
    expect(parseRemotesManifest('{}', BASE)).toEqual({});
  });
});

describe('fetchRemotesManifest', () => {
  const response = (status: number, body: string) =>
    ({ ok: status >= 200 && status < 300, status, text: async () => body }) as unknown as Response;

  test('fetches /remotes.json from the page origin and parses it', async () => {
    const fetchImpl = jest.fn(async () => response(200, '{"remote_articles":"/remotes/a/mf-manifest.json"}'));
    await expect(fetchRemotesManifest('/remotes.json', BASE, fetchImpl)).resolves.toEqual({
      remote_articles: 'https://newsdesk.example/remotes/a/mf-manifest.json',
    });
    expect(fetchImpl).toHaveBeenCalledWith('https://newsdesk.example/remotes.json', expect.any(Object));
  });

  test('an HTTP error names the status', async () => {
    await expect(fetchRemotesManifest('/remotes.json', BASE, async () => response(404, 'not found'))).rejects.toThrow(
      'The remotes manifest /remotes.json answered HTTP 404.',
    );
  });

  test('a network failure becomes a RemotesManifestError', async () => {
    const failing = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(fetchRemotesManifest('/remotes.json', BASE, failing)).rejects.toThrow(/could not be fetched \(Failed to fetch\)/);
  });

  test('bad JSON in the answer is reported', async () => {
    await expect(fetchRemotesManifest('/remotes.json', BASE, async () => response(200, 'oops'))).rejects.toThrow(/not valid JSON/);
  });

  test('a host that never answers is aborted after the time-out', async () => {
    jest.useFakeTimers();
    try {
      const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))));
      const result = fetchRemotesManifest('/remotes.json', BASE, hanging, 8000).catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(8000);
      expect(((await result) as Error).message).toBe('The remotes manifest /remotes.json could not be fetched (no answer within 8 s).');
    } finally {
      jest.useRealTimers();
    }
  });
});
