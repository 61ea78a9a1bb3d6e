import { createAutosave } from './autosave';

describe('createAutosave', () => {
  let clock = 0;
  beforeEach(() => {
    jest.useFakeTimers();
    clock = 0;
  });
  afterEach(() => jest.useRealTimers());

  const advance = async (ms: number) => {
    clock += ms;
    await jest.advanceTimersByTimeAsync(ms);
  };

  function setup(send = jest.fn<Promise<void>, [boolean]>(async () => undefined)) {
    const autosave = createAutosave({ send, intervalMs: 5000, now: () => clock });
    return { autosave, send };
  }

  it('sends the first change at once and nothing while idle', async () => {
    const { autosave, send } = setup();
    await advance(60_000);
    expect(send).not.toHaveBeenCalled();
    autosave.changed();
    await advance(0);
    expect(send).toHaveBeenCalledTimes(1);
    await advance(60_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends at most once per interval while the user keeps typing, and the last change too', async () => {
    const { autosave, send } = setup();
    // A keystroke every 100 ms for 20 s.
    for (let typed = 0; typed < 200; typed++) {
      autosave.changed();
      await advance(100);
    }
    await advance(10_000);
    // t=0, 5, 10, 15 s and the trailing send at 20 s.
    expect(send).toHaveBeenCalledTimes(5);
  });

  it('flush sends what is pending at once (leaving: with keepalive), and nothing when all is sent', async () => {
    const { autosave, send } = setup();
    autosave.changed();
    await advance(0);
    autosave.changed();
    await autosave.flush(true);
    expect(send.mock.calls).toEqual([[false], [true]]);
    await autosave.flush(true);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('settle forgets pending changes and waits for the send in flight', async () => {
    let finish: () => void = () => undefined;
    const send = jest.fn<Promise<void>, [boolean]>(() => new Promise<void>((resolve) => (finish = resolve)));
    const { autosave } = setup(send);
    autosave.changed();
    await advance(0);
    autosave.changed();
    let settled = false;
    void autosave.settle().then(() => (settled = true));
    await advance(0);
    expect(settled).toBe(false);
    finish();
    await advance(0);
    expect(settled).toBe(true);
    await advance(10_000);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('never sends two at a time: a change during a slow send goes after it', async () => {
    const finishers: Array<() => void> = [];
    const send = jest.fn<Promise<void>, [boolean]>(() => new Promise<void>((resolve) => finishers.push(resolve)));
    const { autosave } = setup(send);
    autosave.changed();
    await advance(0);
    autosave.changed();
    await advance(7000);
    expect(send).toHaveBeenCalledTimes(1);
    finishers[0]!();
    await advance(0);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('a failed send is tried again with the next change', async () => {
    const send = jest.fn<Promise<void>, [boolean]>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const { autosave } = setup(send);
    autosave.changed();
    await advance(0);
    await autosave.flush();
    expect(send).toHaveBeenCalledTimes(2);
  });
});
