// jest-environment-jsdom with a larger selector cache in nwsapi, jsdom's selector engine.
//
// jsdom's getComputedStyle matches every rule of every style sheet against the element, and antd's
// CSS-in-JS puts a few thousand distinct selectors into the page. nwsapi keeps compiled selectors in
// an LRU cache of 1,000 entries (a constant, not an option): walking more selectors than that in the
// same order every time evicts each one just before it is needed again, so every getComputedStyle
// compiled every selector anew. Testing Library's role queries call getComputedStyle for each node
// whose visibility or accessible name they check, so that was most of an antd screen test's time
// (measured with --cpu-prof: BulkActions.test.tsx 140 s of CPU, 100 s of it in nwsapi, went to 65 s).
// Only the cache size changes: the same selectors match the same elements.
const fs = require('fs');
const Module = require('module');
const path = require('path');

const CACHE_LIMIT = 'CACHE_LIMIT = 1000,';
const LARGER_CACHE_LIMIT = 'CACHE_LIMIT = 50000,';

function preloadNwsapiWithLargerCache() {
  const jsdomDir = path.dirname(require.resolve('jsdom/package.json', { paths: [require.resolve('jest-environment-jsdom')] }));
  const file = require.resolve('nwsapi', { paths: [jsdomDir] });
  if (require.cache[file]) return;
  const source = fs.readFileSync(file, 'utf8');
  // Another nwsapi version: keep it as it is (slower, still correct).
  if (!source.includes(CACHE_LIMIT)) return;
  const nwsapi = new Module(file, module);
  nwsapi.filename = file;
  nwsapi.paths = Module._nodeModulePaths(path.dirname(file));
  nwsapi._compile(source.replace(CACHE_LIMIT, LARGER_CACHE_LIMIT), file);
  nwsapi.loaded = true;
  require.cache[file] = nwsapi;
}

preloadNwsapiWithLargerCache();

module.exports = require('jest-environment-jsdom');
