// Import FIRST in component tests: jsdom lacks globals react-router's data router and antd need.
// Harmless where ../../jest.setup.frontend.ts provides them already.
import { TextDecoder, TextEncoder } from 'node:util';

const g = globalThis as Record<string, unknown>;
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;

if (typeof g.Request === 'undefined') {
  /** Just what loaders read in a GET navigation: url, method, signal. */
  class TestRequest {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    readonly body: unknown;
    constructor(input: string | URL | { url: string }, init: { method?: string; signal?: AbortSignal; body?: unknown } = {}) {
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
      this.body = init.body ?? null;
    }
  }
  g.Request = TestRequest;
}

if (typeof g.ResizeObserver === 'undefined') {
  // antd measures with ResizeObserver; jsdom has no layout, so nothing ever resizes.
  g.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
