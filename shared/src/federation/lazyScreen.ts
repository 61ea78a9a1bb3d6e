import { createElement, use, type ComponentType } from 'react';
import { lazyCode } from './lazyCode';

/** A screen of a remote's `./routes` (docs/ARCHITECTURE.md "`./routes` contract"). */
export interface LazyScreen<Args> {
  loader: (args: Args) => Promise<unknown>;
  Component: ComponentType;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * A screen whose code loads in parallel with its data: the route's loader starts the
 * data (`load`) and, right after its requests have gone out, the screen's chunk (`importScreen`),
 * and resolves, with the data, once both are there. `./routes` then holds the loaders and the API calls only, so the requests go out
 * without waiting for the screen's code (antd and the components). A failed import is tried again
 * by the next load (the shell's Retry).
 */
export function lazyScreen<Args>(importScreen: () => Promise<ComponentType>, load?: (args: Args) => unknown): LazyScreen<Args> {
  const code = lazyCode(importScreen);

  function Screen() {
    // The loader has loaded it; `use` only covers a render without the loader (it suspends until loaded).
    const Loaded = code.loaded() ?? use(code.load());
    return createElement(Loaded);
  }

  return {
    async loader(args: Args) {
      const data = load ? load(args) : null;
      // The data's requests go out first: importing the screen makes the federation runtime resolve
      // every shared module it uses, work that otherwise runs before the HTTP client has sent them
      // (measured with `npm run bench:ux -- --trace`). The import starts at the next task.
      const screen = code.loaded() ?? nextTask().then(code.load);
      const [value] = await Promise.all([data, screen]);
      return value;
    },
    Component: Screen,
  };
}
