import { act, render, screen } from '@testing-library/react';
import { configureShared } from '../config';
import { loadRemoteModule, RemoteModuleUnavailableError, setRemoteModuleLoader, useRemoteModule } from './index';

function Probe({ id }: { id: string }) {
  const { module, error, retry } = useRemoteModule<{ label: string }>(id);
  if (error) return <button onClick={retry}>failed: {error.message}</button>;
  return <span>{module ? module.label : 'loading'}</span>;
}

afterEach(() => setRemoteModuleLoader(null));

describe('loadRemoteModule', () => {
  it('refuses clearly when no host configured remote loading (a remote running alone)', async () => {
    await expect(loadRemoteModule('remote_categories/CategoryTree')).rejects.toBeInstanceOf(RemoteModuleUnavailableError);
    await expect(loadRemoteModule('remote_categories/CategoryTree')).rejects.toThrow(
      'remote_categories/CategoryTree is only available inside the Newsdesk shell',
    );
  });

  it('asks the loader the host passed to configureShared', async () => {
    const loader = jest.fn(async (id: string) => ({ id }));
    configureShared({ loadRemoteModule: loader as never });
    await expect(loadRemoteModule('remote_x/Thing')).resolves.toEqual({ id: 'remote_x/Thing' });
    expect(loader).toHaveBeenCalledWith('remote_x/Thing');
  });

  it('turns a loader that throws synchronously into a rejection', async () => {
    setRemoteModuleLoader(() => {
      throw new Error('boom');
    });
    await expect(loadRemoteModule('remote_x/Thing')).rejects.toThrow('boom');
  });
});

describe('useRemoteModule', () => {
  it('renders the module once loaded', async () => {
    setRemoteModuleLoader((async () => ({ label: 'picker' })) as never);
    render(<Probe id="remote_x/Picker" />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('picker')).toBeInTheDocument();
  });

  it('shows the error and loads again on retry', async () => {
    const answers: Array<Error | { label: string }> = [new Error('script failed'), { label: 'second try' }];
    setRemoteModuleLoader((async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next;
    }) as never);
    render(<Probe id="remote_x/Picker" />);
    const button = await screen.findByRole('button', { name: 'failed: script failed' });
    await act(async () => button.click());
    expect(await screen.findByText('second try')).toBeInTheDocument();
  });
});
