import { act, renderHook } from '@testing-library/react';
import { loading, resetLoading, useLoading } from './index';

beforeEach(() => resetLoading());

describe('loading', () => {
  it('counts started work and notifies subscribers', () => {
    const seen: number[] = [];
    const off = loading.subscribe((n) => seen.push(n));
    const endA = loading.start();
    const endB = loading.start();
    expect(loading.count()).toBe(2);
    endA();
    endA(); // a second call does nothing
    expect(loading.count()).toBe(1);
    endB();
    off();
    loading.start()();
    expect(seen).toEqual([1, 2, 1, 0]);
  });

  it('track() keeps the count up while a promise runs, also when it fails', async () => {
    let fail!: (e: Error) => void;
    const work = loading.track(new Promise((_, reject) => (fail = reject)));
    expect(loading.count()).toBe(1);
    fail(new Error('boom'));
    await expect(work).rejects.toThrow('boom');
    expect(loading.count()).toBe(0);
    await expect(loading.track(Promise.resolve(7))).resolves.toBe(7);
    expect(loading.count()).toBe(0);
  });

  it('a failing listener does not stop the others', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: number[] = [];
    loading.subscribe(() => {
      throw new Error('x');
    });
    loading.subscribe((n) => seen.push(n));
    loading.start()();
    expect(seen).toEqual([1, 0]);
    spy.mockRestore();
  });

  it('useLoading is true while anything loads', () => {
    const { result } = renderHook(() => useLoading());
    expect(result.current).toBe(false);
    let end!: () => void;
    act(() => {
      end = loading.start();
    });
    expect(result.current).toBe(true);
    act(() => {
      loading.start()();
    });
    expect(result.current).toBe(true);
    act(() => end());
    expect(result.current).toBe(false);
  });
});
