import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { deferred, flush } from '../test/stubServer';
import { lazyScreen } from './lazyScreen';

const Loaded = () => <p>the screen</p>;

describe('lazyScreen', () => {
  it("starts the data, then at once the screen's code, and answers the data once both are there", async () => {
    const code = deferred<typeof Loaded>();
    const data = deferred<string>();
    const importScreen = jest.fn(() => code.promise);
    const load = jest.fn(() => data.promise);
    const route = lazyScreen(importScreen, load);

    let answer: unknown = 'pending';
    void route.loader({ id: 1 }).then((value) => (answer = value));
    // The data's requests go out first; the code starts at the next task, without waiting for the data.
    expect(load).toHaveBeenCalledWith({ id: 1 });
    expect(importScreen).not.toHaveBeenCalled();
    await flush();
    expect(importScreen).toHaveBeenCalledTimes(1);
    expect(answer).toBe('pending');
    data.resolve('rows');
    await flush();
    expect(answer).toBe('pending');
    code.resolve(Loaded);
    await flush();
    expect(answer).toBe('rows');

    render(<route.Component />);
    expect(screen.getByText('the screen')).toBeInTheDocument();
    // Loaded once: the next load only waits for its data.
    await route.loader({ id: 2 });
    expect(importScreen).toHaveBeenCalledTimes(1);
  });

  it('imports the code again after a failed import (the Retry of the shell runs the loader again)', async () => {
    const importScreen = jest.fn().mockRejectedValueOnce(new Error('chunk failed')).mockResolvedValue(Loaded);
    const route = lazyScreen(importScreen, () => 'data');
    await expect(route.loader(undefined)).rejects.toThrow('chunk failed');
    await expect(route.loader(undefined)).resolves.toBe('data');
    expect(importScreen).toHaveBeenCalledTimes(2);
  });

  it('rendered without its loader, it suspends until the code is there', async () => {
    const code = deferred<typeof Loaded>();
    const route = lazyScreen(() => code.promise);
    await act(async () => {
      render(
        <Suspense fallback={<p>waiting</p>}>
          <route.Component />
        </Suspense>,
      );
    });
    expect(screen.getByText('waiting')).toBeInTheDocument();
    await act(async () => code.resolve(Loaded));
    expect(await screen.findByText('the screen')).toBeInTheDocument();
  });
});
