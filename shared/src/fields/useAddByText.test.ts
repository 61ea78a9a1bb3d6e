import { act, renderHook } from '@testing-library/react';
import { toast } from 'shared';
import { useAddByText } from './useAddByText';

beforeEach(() => {
  jest.restoreAllMocks();
  jest.spyOn(toast, 'error').mockImplementation(() => ({}) as never);
});

describe('useAddByText', () => {
  it('keeps the typed text', () => {
    const { result } = renderHook(() => useAddByText());
    expect(result.current.text).toBe('');
    act(() => result.current.setText('Sport'));
    expect(result.current.text).toBe('Sport');
  });

  it('is busy while an add runs and not after', async () => {
    const { result } = renderHook(() => useAddByText());
    let finish!: () => void;
    let running!: Promise<void>;
    act(() => {
      running = result.current.run(() => new Promise<void>((resolve) => (finish = resolve)));
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBe(false);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('shows a failed add as an error toast and ends busy', async () => {
    const { result } = renderHook(() => useAddByText());
    await act(() => result.current.run(() => Promise.reject(new Error('Invalid response'))));
    expect(toast.error).toHaveBeenCalledWith('Invalid response');
    expect(result.current.busy).toBe(false);
  });
});
