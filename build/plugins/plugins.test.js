const { describe, expect, it } = require('@jest/globals');
const path = require('path');
const { wholeLibraryImportWarning } = require('./whole-library-import-warning');
const { unknownRouterImports } = require('./react-router-api');

const APP_FILE = path.join(__dirname, '..', '..', 'shell', 'src', 'app', 'App.tsx');
const LIB_FILE = path.join(__dirname, '..', '..', 'node_modules', 'rc-x', 'index.js');

describe('whole-library import warning', () => {
  it('warns when app code imports antd or the icons as a whole, with the import to use', () => {
    expect(wholeLibraryImportWarning('antd', APP_FILE)).toMatch(
      /shell\/src\/app\/App\.tsx imports 'antd' as a whole.*antd\/es\/<component>/,
    );
    expect(wholeLibraryImportWarning('@ant-design/icons', APP_FILE)).toMatch(/@ant-design\/icons\/es\/icons\/<Name>/);
  });

  it('says nothing for per-component imports or imports from inside node_modules', () => {
    expect(wholeLibraryImportWarning('antd/es/button', APP_FILE)).toBeNull();
    expect(wholeLibraryImportWarning('antd', LIB_FILE)).toBeNull();
    expect(wholeLibraryImportWarning('antd', undefined)).toBeNull();
  });
});

describe('react-router API check', () => {
  it('fails a name the curated entry does not export, naming the file and the list', () => {
    const errors = unknownRouterImports(APP_FILE, [
      { request: 'react-router-dom', ids: ['useNavigate'] },
      { request: 'react-router', ids: ['unstable_RSCStaticRouter'] },
      { request: 'react', ids: ['useState'] },
    ]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/shell\/src\/app\/App\.tsx imports 'unstable_RSCStaticRouter' from 'react-router'.*build\/router-api\.js/);
  });

  it('accepts default and namespace imports and ignores node_modules', () => {
    expect(unknownRouterImports(APP_FILE, [{ request: 'react-router', ids: ['default'] }, { request: 'react-router' }])).toEqual([]);
    expect(unknownRouterImports(LIB_FILE, [{ request: 'react-router', ids: ['nope'] }])).toEqual([]);
  });
});

describe('html page', () => {
  const { htmlPageOptions } = require('./html-page');
  it("uses the app's public/index.html when it has one", () => {
    const shellDir = path.join(__dirname, '..', '..', 'shell');
    const options = htmlPageOptions(shellDir, 'Newsdesk');
    expect(options.template).toBe(path.join(shellDir, 'public', 'index.html'));
    expect(options.templateContent).toBeUndefined();
  });
  it('else writes a minimal page with the title and a #root', () => {
    const options = htmlPageOptions('/nowhere', 'Newsdesk – remote_x (standalone)');
    const html = options.templateContent({ htmlWebpackPlugin: { options } });
    expect(html).toContain('<title>Newsdesk – remote_x (standalone)</title>');
    expect(html).toContain('<div id="root"></div>');
    expect(options.chunks).toEqual(['main']);
  });
});
