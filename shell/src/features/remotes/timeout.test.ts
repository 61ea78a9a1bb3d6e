import { buildTimeoutMs, DEFAULT_REMOTE_TIMEOUT_MS, seconds, withDeadline } from './timeout';

describe('withDeadline', () => {
  afterEach(() => jest.useRealTimers());

  test('work that never ends fails with the message once the time is up, not before', async () => {
    jest.useFakeTimers();
    let settled = false;
    const result = withDeadline(new Promise<never>(() => undefined), 8000, 'no answer within 8 s').catch((e: Error) => {
      settled = true;
      return e;
    });
    await jest.advanceTimersByTimeAsync(7999);
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await result).toMatchObject({ name: 'TimeoutError', message: 'no answer within 8 s' });
  });

  test('work done in time answers, and leaves no timer behind', async () => {
    jest.useFakeTimers();
    await expect(withDeadline(Promise.resolve(42), 8000, 'late')).resolves.toBe(42);
    expect(jest.getTimerCount()).toBe(0);
  });
});

test('the build value, else 8 s; seconds for messages', () => {
  expect(DEFAULT_REMOTE_TIMEOUT_MS).toBe(8000);
  expect(buildTimeoutMs('')).toBe(8000);
  expect(buildTimeoutMs(undefined)).toBe(8000);
  expect(buildTimeoutMs('abc')).toBe(8000);
  expect(buildTimeoutMs('2500')).toBe(2500);
  expect(seconds(8000)).toBe('8 s');
  expect(seconds(1500)).toBe('1.5 s');
});
