// antd's share keys: antd is not shared as one package (457 KB gzip at /login, stack notes) but
// per component, plus every module that holds state, so each exists once at run time.
'use strict';

const fs = require('fs');
const path = require('path');
const { ROOT } = require('./versions');
const { importCycles } = require('./import-cycles');

const ANTD_ES = path.join(ROOT, 'node_modules', 'antd', 'es');

/** Every .js file under antd/es, relative ('button/index.js', …). */
function antdFiles(antdEs) {
  const out = [];
  (function walk(dir) {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith('.js')) out.push(path.relative(antdEs, file).split(path.sep).join('/'));
    }
  })(antdEs);
  return out;
}

/** 'button/index.js' → 'antd/es/button'; 'form/context.js' → 'antd/es/form/context'. */
const antdKeyOf = (rel) => `antd/es/${rel.replace(/\.js$/, '').replace(/\/index$/, '')}`;

/** A module holds state that must exist once: a React context, module-level variables or collections. */
const HOLDS_STATE = /createContext\(|^(?:let|var) |^const \w+ = (?:\[\]|\{\}|new (?:Map|Set|WeakMap|WeakSet)\b)/m;

/** Relative imports of each module ('button/button.js' → ['button/style/index.js', …]). */
function relativeImportGraph(antdEs, files) {
  const resolveRel = (from, request) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), request));
    return [`${base}.js`, `${base}/index.js`].find((candidate) => fs.existsSync(path.join(antdEs, candidate))) || null;
  };
  const graph = new Map();
  for (const rel of files) {
    const src = fs.readFileSync(path.join(antdEs, rel), 'utf8');
    const deps = [...src.matchAll(/(?:from|import)\s*['"](\.[^'"]+)['"]/g)].map((m) => resolveRel(rel, m[1]));
    graph.set(rel, deps.filter(Boolean));
  }
  return graph;
}

/**
 * The share keys: every component entry `antd/es/<component>` (what code imports, and what antd's
 * components import from each other: `../button`…) and every module that holds state (contexts of
 * config-provider, form, locale…; message/notification holders…). Computed from the installed
 * antd, so every build of the same antd gets the same keys; the other modules (style generators,
 * helpers) stay inside their component's chunk, tree-shaken.
 *
 * A shared module that imports itself back through a cycle would wait for itself at run time (the
 * page would hang): antd 6.6 has none, and a future antd that has one fails the build here.
 */
function antdShareKeys(antdEs = ANTD_ES) {
  const files = antdFiles(antdEs);
  const keys = new Set();
  for (const rel of files) {
    if (/^[^/]+\/index\.js$/.test(rel)) keys.add(antdKeyOf(rel));
    else if (HOLDS_STATE.test(fs.readFileSync(path.join(antdEs, rel), 'utf8'))) keys.add(antdKeyOf(rel));
  }
  const problems = importCycles(relativeImportGraph(antdEs, files)).filter((cycle) => cycle.some((rel) => keys.has(antdKeyOf(rel))));
  if (problems.length > 0) {
    throw new Error(
      `build/antd-share-keys.js: antd has import cycles through shared modules, which would hang at run time: ` +
        `${problems.map((c) => c.slice(0, 6).join(' → ')).join('; ')}. Review the antd sharing before upgrading antd.`,
    );
  }
  return [...keys].sort();
}

let cached = null;
/**
 * antd's entries of the share table: the keys above, each a singleton matched also from inside
 * node_modules (allowNodeModulesSuffixMatch: antd's RELATIVE imports `../config-provider/context`
 * resolve to the same key as `antd/es/…` from app code), plus the prefix `antd/es/` for any other
 * subpath app code imports directly.
 */
function antdShares(requiredVersion) {
  cached = cached || antdShareKeys();
  const out = { 'antd/es/': { singleton: true, requiredVersion } };
  for (const key of cached) out[key] = { singleton: true, requiredVersion, allowNodeModulesSuffixMatch: true };
  return out;
}

module.exports = { antdShareKeys, antdShares, antdKeyOf, HOLDS_STATE };
