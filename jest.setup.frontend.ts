// jsdom lacks what antd 6 needs at run time (measured: see ../shared/stack-notes.md).
import '@testing-library/jest-dom';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';

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

if (typeof globalThis.MessageChannel === 'undefined') {
  (globalThis as unknown as { MessageChannel: unknown }).MessageChannel = NodeMessageChannel;
}
