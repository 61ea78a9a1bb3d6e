import { createRemoteLoader, isRemoteLoadError, type RemoteLoadError, type FederationRuntime } from './remoteLoader';

const MANIFEST = {
  remote_articles: 'https://n.example/remotes/remote-articles/mf-manifest.json',
  remote_categories: 'https://cdn.example/categories/mf-manifest.json',
};
const Screen = () => null;
const ROUTES = { screens: { manager: { Component: Screen, loader: async () => 'data' } } };

function fakeRuntime(answers: Array<unknown | Error>) {
  const runtime = {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async () => {
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  return runtime as typeof runtime & FederationRuntime;
}

describe('createRemoteLoader', () => {
  test('init registers every remote of the manifest once', async () => {
    const runtime = fakeRuntime([ROUTES]);
    const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
    await loader.init();
    await loader.init();
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'remote_articles', entry: MANIFEST.remote_articles }], undefined);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'remote_categories', entry: MANIFEST.remote_categories }], undefined);
  });

  test('loads <remote>/routes once and hands out its screens', async () => {
    const runtime = fakeRuntime([ROUTES]);
    const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
    expect(loader.peekScreen('remote_categories', 'manager')).toBeUndefined();
    const screen = await loader.loadScreen('remote_categories', 'manager');
    expect(screen.Component).toBe(Screen);
    await loader.loadScreen('remote_categories', 'manager');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('remote_categories/routes');
    expect(loader.peekScreen('remote_categories', 'manager')?.Component).toBe(Screen);
  });

  test('a failed load is not cached: after reset the remote is re-registered with force and loads', async () => {
    const runtime = fakeRuntime([new Error('ScriptNetworkError: Failed to load script'), ROUTES]);
    const trackMock = jest.fn((work: Promise<unknown>) => work);
    const track = trackMock as unknown as <T>(work: Promise<T>) => Promise<T>;
    const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST, track });

    const failure = await loader.loadScreen('remote_categories', 'manager').catch((e: unknown) => e);
    expect(isRemoteLoadError(failure)).toBe(true);
    expect((failure as RemoteLoadError).remote).toBe('remote_categories');
    expect((failure as Error).message).toMatch(/remote_categories\/routes could not be loaded from .*Failed to load script/);

    loader.reset('remote_categories');
    const screen = await loader.loadScreen('remote_categories', 'manager');
    expect(screen.Component).toBe(Screen);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_categories', entry: MANIFEST.remote_categories }], {
      force: true,
    });
    expect(trackMock).toHaveBeenCalledTimes(2);
  });

  test('even without reset, the next call after a failure tries again', async () => {
    const runtime = fakeRuntime([new Error('down'), ROUTES]);
    const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
    await expect(loader.loadRoutes('remote_categories')).rejects.toThrow('down');
    await expect(loader.loadRoutes('remote_categories')).resolves.toBe(ROUTES);
  });

  test('a manifest failure is a RemoteLoadError, and the manifest is fetched again next time', async () => {
    const fetchManifest = jest
      .fn()
      .mockRejectedValueOnce(new Error('The remotes manifest /remotes.json is not valid JSON (Unexpected token)'))
      .mockResolvedValue(MANIFEST);
    const loader = createRemoteLoader({ runtime: fakeRuntime([ROUTES]), fetchManifest });
    await expect(loader.loadRoutes('remote_articles')).rejects.toThrow(/not valid JSON/);
    await expect(loader.loadRoutes('remote_articles')).resolves.toBe(ROUTES);
    expect(fetchManifest).toHaveBeenCalledTimes(2);
  });

  test('a remote missing from the manifest, a module without screens, an unknown screen', async () => {
    const loader = createRemoteLoader({ runtime: fakeRuntime([{ nothing: true }]), fetchManifest: async () => MANIFEST });
    await expect(loader.loadRoutes('remote_importers')).rejects.toThrow('The remotes manifest does not list "remote_importers".');
    await expect(loader.loadRoutes('remote_articles')).rejects.toThrow(/does not export "screens"/);
    const other = createRemoteLoader({ runtime: fakeRuntime([ROUTES]), fetchManifest: async () => MANIFEST });
    await expect(other.loadScreen('remote_categories', 'nope')).rejects.toThrow('remote_categories/routes has no screen "nope".');
  });
  describe("loadModule (a remote using another remote's exposed module)", () => {
    const Picker = { default: () => null };

    test('loads <remote>/<module> once after registering the remote from the manifest', async () => {
      const runtime = fakeRuntime([Picker]);
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
      expect(await loader.loadModule('remote_categories/CategoryTree')).toBe(Picker);
      expect(await loader.loadModule('remote_categories/CategoryTree')).toBe(Picker);
      expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
      expect(runtime.loadRemote).toHaveBeenCalledWith('remote_categories/CategoryTree');
    });

    test('a remote missing from the manifest is a RemoteLoadError naming it', async () => {
      const runtime = fakeRuntime([Picker]);
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
      const failure = await loader.loadModule('remote_importers/Anything').catch((e: unknown) => e);
      expect(isRemoteLoadError(failure)).toBe(true);
      expect((failure as Error).message).toBe('The remotes manifest does not list "remote_importers".');
      expect(runtime.loadRemote).not.toHaveBeenCalled();
    });

    test('a failure is not cached: the next call re-registers the remote with force and loads', async () => {
      const runtime = fakeRuntime([new Error('Failed to load script'), Picker]);
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
      const failure = await loader.loadModule('remote_categories/CategoryTree').catch((e: unknown) => e);
      expect((failure as Error).message).toMatch(/remote_categories\/CategoryTree could not be loaded from .*Failed to load script/);
      expect(await loader.loadModule('remote_categories/CategoryTree')).toBe(Picker);
      expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_categories', entry: MANIFEST.remote_categories }], {
        force: true,
      });
    });

    test('an empty module is an error, not a silent undefined', async () => {
      const runtime = fakeRuntime([null]);
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST });
      await expect(loader.loadModule('remote_categories/CategoryTree')).rejects.toThrow('remote_categories/CategoryTree is empty.');
    });
  });

  describe('time-out and version skew', () => {
    afterEach(() => jest.useRealTimers());

    test('a remote that never answers fails after the time-out into a RemoteLoadError; Retry loads it', async () => {
      jest.useFakeTimers();
      const runtime = fakeRuntime([ROUTES]);
      runtime.loadRemote.mockImplementationOnce(() => new Promise(() => undefined));
      const forget = jest.fn();
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST, timeoutMs: 8000, forget });
      let settled = false;
      const failure = loader.loadRoutes('remote_categories').catch((e: unknown) => {
        settled = true;
        return e;
      });
      await jest.advanceTimersByTimeAsync(7999);
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const error = (await failure) as RemoteLoadError;
      expect(isRemoteLoadError(error)).toBe(true);
      expect(error.message).toBe(`remote_categories/routes could not be loaded from ${MANIFEST.remote_categories}: no answer within 8 s`);
      expect(forget).toHaveBeenCalledWith(MANIFEST.remote_categories);
      loader.reset('remote_categories');
      await expect(loader.loadRoutes('remote_categories')).resolves.toBe(ROUTES);
    });

    test("the remotes manifest's $timeoutMs replaces the build's time-out", async () => {
      jest.useFakeTimers();
      const runtime = fakeRuntime([ROUTES]);
      runtime.loadRemote.mockImplementationOnce(() => new Promise(() => undefined));
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => ({ ...MANIFEST, $timeoutMs: '2000' }), timeoutMs: 8000 });
      const failure = loader.loadRoutes('remote_articles').catch((e: unknown) => e);
      await jest.advanceTimersByTimeAsync(2000);
      expect(((await failure) as Error).message).toMatch(/no answer within 2 s$/);
      expect(loader.timeoutMs()).toBe(2000);
      expect(runtime.registerRemotes).not.toHaveBeenCalledWith([expect.objectContaining({ name: '$timeoutMs' })], undefined);
    });

    test('a remote whose singleton requirement is not met is refused before any of its code runs', async () => {
      const runtime = fakeRuntime([ROUTES]);
      const skew = [{ module: 'shared', required: '^0.2.0', provided: '0.1.0' }];
      const checkVersions = jest.fn().mockResolvedValueOnce(skew).mockResolvedValue([]);
      const loader = createRemoteLoader({ runtime, fetchManifest: async () => MANIFEST, checkVersions });
      const error = (await loader.loadRoutes('remote_categories').catch((e: unknown) => e)) as RemoteLoadError;
      expect(isRemoteLoadError(error)).toBe(true);
      expect(error.skew).toEqual(skew);
      expect(error.message).toBe('remote_categories needs shared ^0.2.0 (loaded: 0.1.0).');
      expect(checkVersions).toHaveBeenCalledWith('remote_categories', MANIFEST.remote_categories);
      expect(runtime.loadRemote).not.toHaveBeenCalled();
      // A matching build deployed: Retry loads it.
      loader.reset('remote_categories');
      await expect(loader.loadRoutes('remote_categories')).resolves.toBe(ROUTES);
    });
  });
});
