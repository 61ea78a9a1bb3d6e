import { resetToasts, toast, TOAST_QUEUE_LIMIT, type ToastEvent } from './index';

beforeEach(() => resetToasts());

describe('toast', () => {
  it.each(['error', 'info', 'success', 'warning'] as const)('%s emits an event of that type', (type) => {
    const seen: ToastEvent[] = [];
    toast.subscribe((e) => seen.push(e));
    toast[type]('Hello');
    expect(seen).toEqual([{ id: expect.any(Number), type, message: 'Hello' }]);
  });

  it('gives every event its own id', () => {
    const a = toast.info('a');
    const b = toast.info('b');
    expect(a.id).not.toBe(b.id);
  });

  it('queues events emitted before anyone listens and hands them to the first subscriber, in order', () => {
    toast.error('early 1');
    toast.success('early 2');
    const first: string[] = [];
    const second: string[] = [];
    toast.subscribe((e) => first.push(`${e.type}:${e.message}`));
    toast.subscribe((e) => second.push(`${e.type}:${e.message}`));
    expect(first).toEqual(['error:early 1', 'success:early 2']);
    expect(second).toEqual([]);
    toast.warning('later');
    expect(first).toEqual(['error:early 1', 'success:early 2', 'warning:later']);
    expect(second).toEqual(['warning:later']);
  });

  it('delivers to every subscriber and stops after unsubscribe; queues again when nobody listens', () => {
    const seen: string[] = [];
    const off = toast.subscribe((e) => seen.push(e.message));
    toast.info('one');
    off();
    toast.info('two');
    expect(seen).toEqual(['one']);
    const next: string[] = [];
    toast.subscribe((e) => next.push(e.message));
    expect(next).toEqual(['two']);
  });

  it('keeps at most TOAST_QUEUE_LIMIT queued events (the newest)', () => {
    for (let i = 0; i < TOAST_QUEUE_LIMIT + 5; i++) toast.info(`m${i}`);
    const seen: string[] = [];
    toast.subscribe((e) => seen.push(e.message));
    expect(seen).toHaveLength(TOAST_QUEUE_LIMIT);
    expect(seen[0]).toBe('m5');
  });

  it('a failing listener does not stop the others', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    toast.subscribe(() => {
      throw new Error('x');
    });
    toast.subscribe((e) => seen.push(e.message));
    toast.error('still delivered');
    expect(seen).toEqual(['still delivered']);
    spy.mockRestore();
  });
});
