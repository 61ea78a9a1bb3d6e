import { createManifestCache } from './manifestCache';

const URL_A = 'https://cdn.example/a/mf-manifest.json';
const ok = (body: string) => ({ ok: true, status: 200, text: async () => body }) as unknown as Response;

/** A fetch that never answers until aborted (a hung host), like the browser's. */
function hangingFetch() {
  return jest.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      }),
  );
}

describe('createManifestCache', () => {
  afterEach(() => jest.useRealTimers());

  test('one request per URL for the prefetch, the version check and the runtime', async () => {
    const fetchImpl = jest.fn(async () => ok('{"name":"a"}'));
    const cache = createManifestCache({ timeoutMs: () => 8000, fetchImpl });
    const plugin = cache.runtimePlugin();
    const [first, second, response] = await Promise.all([cache.json(URL_A), cache.json(URL_A), plugin.fetch(URL_A)]);
    expect(first).toEqual({ name: 'a' });
    expect(second).toEqual({ name: 'a' });
    expect(await response!.json()).toEqual({ name: 'a' });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  test('the runtime plugin leaves other URLs to the runtime', () => {
    const cache = createManifestCache({ timeoutMs: () => 8000, fetchImpl: jest.fn() });
    expect(cache.runtimePlugin().fetch('https://cdn.example/a/remoteEntry.js')).toBeUndefined();
  });

  test('a host that never answers is aborted after the time-out, and the next read asks again', async () => {
    jest.useFakeTimers();
    const fetchImpl = hangingFetch();
    const cache = createManifestCache({ timeoutMs: () => 8000, fetchImpl });
    const read = cache.json(URL_A).catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(7999);
    expect(fetchImpl.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    const failure = (await read) as Error;
    expect(failure.name).toBe('TimeoutError');
    expect(failure.message).toBe(`no answer within 8 s`);
    void cache.json(URL_A).catch(() => undefined);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  test('an HTTP error is not cached; forget drops a good answer', async () => {
    const fetchImpl = jest
      .fn()
      .mockResolvedValueOnce({ ok: false, status: 404, text: async () => '' })
      .mockResolvedValue(ok('{"v":1}'));
    const cache = createManifestCache({ timeoutMs: () => 8000, fetchImpl });
    await expect(cache.json(URL_A)).rejects.toThrow('HTTP 404');
    await expect(cache.json(URL_A)).resolves.toEqual({ v: 1 });
    cache.forget(URL_A);
    await cache.json(URL_A);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});
