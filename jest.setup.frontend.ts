// jsdom lacks what antd 6 needs at run time (measured: see ../shared/stack-notes.md).
import '@testing-library/jest-dom';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import { setImmediate as nodeSetImmediate, clearImmediate as nodeClearImmediate } from 'node:timers';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

const originalGetComputedStyle = window.getComputedStyle.bind(window);
// jsdom throws "Not implemented" for pseudo-elements; antd asks for them when measuring scrollbars.
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

// React's scheduler prefers setImmediate; without it it falls back to MessageChannel, whose
// open ports would keep Jest from exiting.
if (typeof globalThis.setImmediate === 'undefined') {
  Object.assign(globalThis, { setImmediate: nodeSetImmediate, clearImmediate: nodeClearImmediate });
}

if (typeof globalThis.MessageChannel === 'undefined') {
  // antd 6's form scheduling needs MessageChannel; unref the ports so they never hold the process.
  class UnrefMessageChannel extends NodeMessageChannel {
    constructor() {
      super();
      this.port1.unref();
      this.port2.unref();
    }
  }
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = UnrefMessageChannel;
}
