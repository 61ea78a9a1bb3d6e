import { act, renderHook } from '@testing-library/react';
import { presenceClient } from '../api/presenceClient';
import { LIST_REFRESH_DELAY_MS, useLiveListRefresh } from './useLiveListRefresh';

jest.mock('../api/presenceClient', () => {
  const { PresenceStore } = jest.requireActual('../model/presenceStore');
  return { presenceClient: { store: new PresenceStore(), retain: () => () => undefined } };
});

const change = (id: number) =>
  act(() => presenceClient.store.apply({ type: 'article', article_id: id, version: 2, state: 1, deleted: false }));

describe('useLiveListRefresh', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('refreshes once for changes close together to rows on the page, not for other articles', () => {
    const refresh = jest.fn();
    renderHook(() => useLiveListRefresh([1, 2, 3], refresh, false));
    change(9);
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS * 4));
    expect(refresh).not.toHaveBeenCalled();
    change(2);
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS / 2));
    change(3);
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS));
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('waits while the list is loading, and refreshes after a resync', () => {
    const refresh = jest.fn();
    const { rerender } = renderHook(({ busy }) => useLiveListRefresh([1], refresh, busy), { initialProps: { busy: true } });
    change(1);
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS * 4));
    expect(refresh).not.toHaveBeenCalled();
    rerender({ busy: false });
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS));
    expect(refresh).toHaveBeenCalledTimes(1);
    // The stream came back (a second snapshot): changes may have been missed.
    act(() => presenceClient.store.apply({ type: 'snapshot', locks: [], heartbeat_ms: 1000 }));
    act(() => presenceClient.store.apply({ type: 'snapshot', locks: [], heartbeat_ms: 1000 }));
    act(() => jest.advanceTimersByTime(LIST_REFRESH_DELAY_MS));
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});
