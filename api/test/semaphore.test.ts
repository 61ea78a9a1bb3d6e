import { Semaphore } from '../src/lib/semaphore';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('runs at most `size` tasks at a time, the others in the order they came', async () => {
    const slots = new Semaphore(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = gates.map((gate, index) =>
      slots.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await turn();
    expect([started, slots.active, slots.waiting]).toEqual([[0, 1], 2, 3]);
    gates[1]!.resolve();
    await turn();
    expect([started, slots.active, slots.waiting]).toEqual([[0, 1, 2], 2, 2]);
    gates.forEach((gate) => gate.resolve());
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3, 4]);
    expect([slots.active, slots.waiting, slots.peak]).toEqual([0, 0, 2]);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await slots.run(() => Promise.resolve('next'))).toBe('next');
    expect(slots.active).toBe(0);
  });

  it('a larger bound lets waiting tasks start at once', async () => {
    const slots = new Semaphore(1);
    const gate = deferred();
    const first = slots.run(() => gate.promise);
    const second = slots.run(() => Promise.resolve('second'));
    await turn();
    expect(slots.waiting).toBe(1);
    slots.resize(2);
    expect(await second).toBe('second');
    gate.resolve();
    await first;
  });
});
