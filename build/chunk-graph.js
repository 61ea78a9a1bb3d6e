// What the split-chunk rules (build/split-chunks.js) read of webpack's module and chunk graph: the
// npm package of a module, the share keys a chunk serves, how lazily a chunk is loaded.
'use strict';

const path = require('path');

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;

/** npm package of a module path ('@scope/name' or 'name'), or null outside node_modules. */
function packageOf(resource) {
  if (!resource) return null;
  const at = resource.lastIndexOf(NODE_MODULES);
  if (at < 0) return null;
  const parts = resource.slice(at + NODE_MODULES.length).split(path.sep);
  return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

const safeName = (text) => text.replace(/^@/, '').replace(/[^a-zA-Z0-9_-]+/g, '-');

/** The npm package of a share key ('@rc-component/util/es/raf' → '@rc-component/util', 'react/jsx-runtime' → 'react'). */
const packageOfKey = (key) =>
  key
    .split('/')
    .slice(0, key.startsWith('@') ? 2 : 1)
    .join('/');

/** The share keys whose own copy (fallback or provided module) a chunk holds; none for the app's chunks. */
function shareKeysOf(chunk) {
  const keys = [];
  for (const group of chunk.groupsIterable) {
    for (const { module } of group.origins) {
      if (module && module.type === 'consume-shared-module') keys.push(module.options.shareKey);
      else if (module && module.type === 'provide-module') keys.push(module._name);
      else return [];
    }
  }
  return keys;
}

const resourceOf = (module) => (module.nameForCondition && module.nameForCondition()) || null;

/** The lazy level from which a chunk is 'later': loaded by a lazy part of a screen (a screen is level 1). */
const LATER = 2;

/**
 * How many `import()` of the app's own code lie between the remote's entry and a chunk, on the
 * shortest way: 0 for the exposed modules and what they consume, 1 for a screen that `./routes`
 * imports lazily and the shared modules it consumes, 2 for a part that screen loads lazily… A
 * shared module's fallback counts where its consumer is; a `provide` of the remote's own copy (for
 * other apps, when the shell has none) does not count.
 */
function lazyLevel(chunk, chunkGraph, levels) {
  if (levels.has(chunk)) return levels.get(chunk);
  levels.set(chunk, 0); // a cycle: counted as needed at once (the safe side)
  let level = Infinity;
  for (const group of chunk.groupsIterable) {
    for (const { module } of group.origins) {
      if (!module) {
        level = 0; // an entry
        continue;
      }
      if (module.type === 'provide-module') continue;
      const step = module.resource && packageOf(module.resource) === null ? 1 : 0;
      for (const parent of chunkGraph.getModuleChunksIterable(module)) {
        level = Math.min(level, lazyLevel(parent, chunkGraph, levels) + step);
      }
    }
  }
  levels.set(chunk, level);
  return level;
}

/**
 * A chunk only the app's own code loads (`import()` in src/), not the shared modules' provide and
 * consume fallbacks nor the exposed modules.
 */
function isAppLazyChunk(chunk) {
  for (const group of chunk.groupsIterable) {
    for (const { module } of group.origins) {
      const resource = module && module.resource;
      if (!resource || packageOf(resource) !== null) return false;
    }
  }
  return true;
}

/** The screen a chunk of the screens' level serves: the name of its `import()` request ('./app/portal/PortalScreen' → 'PortalScreen'). */
const screenName = (request) => safeName(request.split('/').pop());

/**
 * The screens (level 1: what `./routes` imports lazily) whose first load needs a chunk: each screen's
 * own chunk and the shared modules it (or what they import) consumes. '*' for what the exposed
 * modules need (every screen). A lazy part of a screen (level 2 and beyond) adds none.
 */
function screensOf(chunk, chunkGraph, levels, memo = new WeakMap()) {
  if (memo.has(chunk)) return memo.get(chunk);
  const screens = new Set();
  memo.set(chunk, screens); // a cycle adds nothing more
  for (const group of chunk.groupsIterable) {
    for (const { module, request } of group.origins) {
      if (!module) screens.add('*');
      if (!module || module.type === 'provide-module') continue;
      const isAppImport = module.resource && packageOf(module.resource) === null;
      for (const parent of chunkGraph.getModuleChunksIterable(module)) {
        const parentLevel = lazyLevel(parent, chunkGraph, levels);
        if (isAppImport && parentLevel === 0 && request) screens.add(screenName(request));
        else if (parentLevel === 0) screens.add('*');
        else if (parentLevel < LATER && !isAppImport) for (const screen of screensOf(parent, chunkGraph, levels, memo)) screens.add(screen);
      }
    }
  }
  return screens;
}

/**
 * The one screen whose first load needs a module (of the chunks `counted` selects), else null:
 * needed by several screens, at once, or only by lazy parts. Memoised per module.
 */
function onlyScreenOf(levels, counted = () => true) {
  const memo = new WeakMap();
  const chunkMemo = new WeakMap();
  return (module, chunkGraph) => {
    if (memo.has(module)) return memo.get(module);
    const screens = new Set();
    for (const chunk of chunkGraph.getModuleChunksIterable(module)) {
      if (!counted(chunk) || lazyLevel(chunk, chunkGraph, levels) >= LATER) continue;
      for (const screen of screensOf(chunk, chunkGraph, levels, chunkMemo)) screens.add(screen);
    }
    const screen = screens.size === 1 && !screens.has('*') ? [...screens][0] : null;
    memo.set(module, screen);
    return screen;
  };
}

module.exports = { packageOf, safeName, packageOfKey, shareKeysOf, resourceOf, LATER, lazyLevel, isAppLazyChunk, screensOf, onlyScreenOf };
