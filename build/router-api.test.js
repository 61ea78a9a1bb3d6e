const { describe, expect, it } = require('@jest/globals');
const fs = require('fs');
const path = require('path');
const { REACT_ROUTER_API, ROUTER_IMPORTS, routerDistAlias, isRouterEntry } = require('./router-api');

describe('the curated react-router API (build/react-router/*.mjs)', () => {
  it('lists only names the installed react-router exports (an upgrade that drops one fails here)', () => {
    const installed = require('react-router');
    expect(REACT_ROUTER_API.length).toBeGreaterThan(50);
    expect(REACT_ROUTER_API.filter((name) => !(name in installed))).toEqual([]);
  });

  it('lists each name once, including what the apps use most', () => {
    expect(new Set(REACT_ROUTER_API).size).toBe(REACT_ROUTER_API.length);
    expect(REACT_ROUTER_API).toEqual(expect.arrayContaining(['createBrowserRouter', 'useNavigate', 'Outlet', 'redirect']));
  });

  it.each([true, false])('aliases existing dist files of the installed react-router (production %s)', (isProd) => {
    const alias = routerDistAlias(isProd);
    for (const file of Object.values(alias)) {
      expect(file).toContain(path.join('dist', isProd ? 'production' : 'development'));
      expect(fs.existsSync(file)).toBe(true);
    }
  });

  it('imports the dist only through the alias, and react-router-dom through the shared key', () => {
    expect(fs.readFileSync(ROUTER_IMPORTS['react-router'], 'utf8')).toMatch(/\} from 'newsdesk-react-router-dist';/);
    const dom = fs.readFileSync(ROUTER_IMPORTS['react-router-dom'], 'utf8');
    expect(dom).toContain("export * from 'react-router';");
    expect(dom).toContain("export { RouterProvider } from 'newsdesk-react-router-dist/dom-export';");
  });

  it('tells the entries apart from react-router itself', () => {
    expect(isRouterEntry(ROUTER_IMPORTS['react-router-dom'])).toBe(true);
    expect(isRouterEntry(require.resolve('react-router'))).toBe(false);
  });
});
