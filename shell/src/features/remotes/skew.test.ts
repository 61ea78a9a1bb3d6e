import { satisfy } from '@module-federation/runtime-core';
import { describeSkew, findSkew, loadedVersionIn } from './skew';

const LOADED: Record<string, string> = { react: '19.3.1', 'react-dom': '19.3.1', shared: '0.1.0', antd: '6.6.8' };
const loaded = (name: string) => LOADED[name];
const manifest = (shared: unknown[]) => ({ name: 'remote_x', shared });

describe('findSkew', () => {
  test('a remote built for React 18 and a newer shared is refused with both versions', () => {
    const found = findSkew(
      manifest([
        { name: 'react', singleton: true, requiredVersion: '^18.2.0', version: '18.3.1' },
        { name: 'shared', singleton: true, requiredVersion: '^0.2.0', version: '0.2.0' },
        { name: 'antd', singleton: true, requiredVersion: '6.6.8' },
      ]),
      loaded,
      satisfy,
    );
    expect(found).toEqual([
      { module: 'react', required: '^18.2.0', provided: '19.3.1' },
      { module: 'shared', required: '^0.2.0', provided: '0.1.0' },
    ]);
    expect(describeSkew('remote_x', found)).toBe('remote_x needs react ^18.2.0 (loaded: 19.3.1), shared ^0.2.0 (loaded: 0.1.0).');
  });

  test('satisfied ranges, non-singletons, modules not loaded yet and odd entries pass', () => {
    expect(
      findSkew(
        manifest([
          { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
          { name: 'react-dom', singleton: false, requiredVersion: '^18.0.0' },
          { name: 'i18next', singleton: true, requiredVersion: '^27.0.0' },
          { name: 'shared', singleton: true, requiredVersion: '*' },
          { name: 'antd', singleton: true },
          null,
          'junk',
        ]),
        loaded,
        satisfy,
      ),
    ).toEqual([]);
    expect(findSkew(null, loaded, satisfy)).toEqual([]);
    expect(findSkew({ shared: 'x' }, loaded, satisfy)).toEqual([]);
  });
});

describe('loadedVersionIn', () => {
  test('the version loaded (or loading) in any share scope; undefined when only registered', () => {
    const map = {
      default: {
        react: { '18.3.1': { loaded: false }, '19.3.1': { loaded: true } },
        antd: { '6.6.8': { loading: Promise.resolve() } },
        i18next: { '26.7.2': {} },
      },
    };
    expect(loadedVersionIn(map, 'react')).toBe('19.3.1');
    expect(loadedVersionIn(map, 'antd')).toBe('6.6.8');
    expect(loadedVersionIn(map, 'i18next')).toBeUndefined();
    expect(loadedVersionIn(undefined, 'react')).toBeUndefined();
  });
});
