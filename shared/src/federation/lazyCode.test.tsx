import { render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { lazyCode, useLazyCode } from './lazyCode';

function Shown({ code }: { code: ReturnType<typeof lazyCode<() => ReactNode>> }) {
  const Loaded = useLazyCode(code);
  return Loaded ? <>{Loaded()}</> : <p>loading</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: string | null }> {
  override state = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error: error.message };
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error}</p> : this.props.children;
  }
}

describe('lazyCode', () => {
  it('imports once however often it is asked, and hands the code over', async () => {
    const importCode = jest.fn(() => Promise.resolve(42));
    const code = lazyCode(importCode);
    expect(code.loaded()).toBeNull();
    await Promise.all([code.load(), code.load()]);
    await expect(code.load()).resolves.toBe(42);
    expect(code.loaded()).toBe(42);
    expect(importCode).toHaveBeenCalledTimes(1);
  });

  it('imports again after a failed import', async () => {
    const importCode = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('code');
    const code = lazyCode<string>(importCode);
    await expect(code.load()).rejects.toThrow('offline');
    await expect(code.load()).resolves.toBe('code');
    expect(importCode).toHaveBeenCalledTimes(2);
  });
});

describe('useLazyCode', () => {
  it('shows the fallback, then the code once it is there, and at once when it was loaded before', async () => {
    const code = lazyCode(() => Promise.resolve(() => <p>editor</p>));
    const { unmount } = render(<Shown code={code} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('editor')).toBeInTheDocument();
    unmount();
    render(<Shown code={code} />);
    expect(screen.getByText('editor')).toBeInTheDocument();
  });

  it('hands a failed import to the error boundary', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = lazyCode<() => ReactNode>(() => Promise.reject(new Error('chunk missing')));
    render(
      <Boundary>
        <Shown code={code} />
      </Boundary>,
    );
    expect(await screen.findByText('failed: chunk missing')).toBeInTheDocument();
  });
});
