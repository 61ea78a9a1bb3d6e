// The states of the chosen country: loaded on a country change, none for a blank country, a failing call ignored.
import { renderHook, waitFor } from '@testing-library/react';
import { toast } from 'shared';
import { fail, ok, setupStub, type StubServer } from '../test/stubServer';
import { useCountryStates } from './useCountryStates';

let server: StubServer;
beforeEach(() => {
  server = setupStub();
});

describe('useCountryStates', () => {
  it("loads the country's states; a blank country has none and asks nothing", async () => {
    server.on('get', '/api/locations/states/AU', ok([{ state_id: 3, state_name: 'New South Wales' }]));
    const { result, rerender } = renderHook(({ code }: { code: string }) => useCountryStates(code), { initialProps: { code: '' } });
    expect(server.calls).toHaveLength(0);
    rerender({ code: 'AU' });
    await waitFor(() => expect(result.current).toEqual([{ state_id: 3, state_name: 'New South Wales' }]));
    rerender({ code: '' });
    expect(result.current).toEqual([]);
  });

  it('a failing states call leaves the states empty, with no toast (spec section 8)', async () => {
    const shown: string[] = [];
    const unsubscribe = toast.subscribe((event) => shown.push(event.message));
    server.on('get', '/api/locations/states/DE', fail(500, 'boom', 500));
    const { result } = renderHook(() => useCountryStates('DE'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(result.current).toEqual([]);
    expect(shown).toEqual([]);
    unsubscribe();
  });
});
