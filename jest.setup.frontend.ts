// What jsdom lacks and antd 6 / react-router 7 need, for every front-end workspace's tests.
import '@testing-library/jest-dom';
import { StyleContext } from '@ant-design/cssinjs';
import { configure } from '@testing-library/react';
import * as React from 'react';
import { setImmediate as nodeSetImmediate, clearImmediate as nodeClearImmediate } from 'node:timers';
import { TextDecoder, TextEncoder } from 'node:util';

// One time zone for every front-end test (dates are shown in the browser's zone; tests pass one where it matters).
process.env.TZ = 'UTC';

const g = globalThis as unknown as Record<string, unknown>;

function reactInternals(): { recentlyCreatedOwnerStacks: number } {
  return (React as unknown as Record<string, { recentlyCreatedOwnerStacks: number }>)
    .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE!;
}

/** Whether a width query holds for jsdom's window (1024 px wide: a desktop, so responsive columns show). */
function widthQueryMatches(query: string): boolean {
  const width = window.innerWidth;
  const conditions = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  if (conditions.length === 0) return false;
  return conditions.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)));
}

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: widthQueryMatches(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
}

// antd's CSS-in-JS still builds every component's styles here, but does not inject them: jsdom has
// no layout to apply them to, and matching antd's thousands of rules against every node that a role
// query or a visibility check looks at was most of a screen test's CPU time. Its own `mock: 'server'`
// switch (meant for tests) is set on the style context's default value, which every antd component
// reads (a StyleProvider below keeps it). shared/src/ui/antd-test-styles.test.tsx fails if styles
// are injected again (an antd or React upgrade that moves the default value).
(StyleContext as unknown as { _currentValue: { mock?: 'server' | 'client' } })._currentValue.mock = 'server';

// React 19's development build records an owner stack for each element it creates (an Error with ten
// frames and a console task, up to 10,000 a second), which was a quarter of an antd screen test's
// CPU time with the garbage it leaves. React itself stops recording past that count and then tells
// warnings' owners as unknown: the count is held there. Warnings and errors are still raised, with
// component stacks; shared/src/ui/react-owner-stacks.test.tsx fails if a React upgrade moves the count.
Object.defineProperty(reactInternals(), 'recentlyCreatedOwnerStacks', { get: () => 1e4, set: () => undefined, configurable: true });

const originalGetComputedStyle = window.getComputedStyle.bind(window);
// jsdom throws "Not implemented" for pseudo-elements; antd asks for them when measuring scrollbars
// (every table render). A pseudo-element has no style here: an empty declaration, not the element's
// own cascade, whose matching against antd's style sheets took a fifth of an antd screen test's time.
// jsdom computes an element's style by matching every rule of antd's style sheets against it, and
// Testing Library's role queries ask for the style of every node whose visibility or accessible name
// they check, again on every query and every waitFor retry. The style cannot change while nothing
// that it depends on changes, so it is kept until any change to the document (a mutation: nodes,
// attributes incl. inline styles and classes, text, style sheets), the focus or a form control's state.
// Mutation records are queued synchronously, so a change is seen before the next read, never late
// (nothing here edits style sheets through the CSSOM, which the observer would not see).
let computedStyles = new WeakMap<Element, CSSStyleDeclaration>();
const forgetComputedStyles = () => {
  computedStyles = new WeakMap();
};
const documentChanges = new MutationObserver(forgetComputedStyles);
documentChanges.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
// Focus and form state (:focus, :checked, :placeholder-shown) change without a mutation.
for (const type of ['focusin', 'focusout', 'input', 'change']) document.addEventListener(type, forgetComputedStyles, true);
window.getComputedStyle = (element: Element, pseudoElement?: string | null) => {
  if (pseudoElement) return document.createElement('div').style;
  // Only what the observer sees: not a detached element, nor one in a shadow tree.
  if (element.getRootNode() !== document) return originalGetComputedStyle(element);
  if (documentChanges.takeRecords().length > 0) forgetComputedStyles();
  let style = computedStyles.get(element);
  if (!style) {
    style = originalGetComputedStyle(element);
    computedStyles.set(element, style);
  }
  return style;
};

// @rc-component/util's scrollbar measure, which antd's tables run on every render: jsdom has no
// layout, so it measures 0 anyway, but only after computing the cascade of antd's style sheets for the
// element and adding and removing a style sheet. That was the largest part of an antd screen test's time.
jest.mock('@rc-component/util/lib/getScrollBarSize', () => ({
  __esModule: true,
  default: () => 0,
  getTargetScrollBarSize: () => ({ width: 0, height: 0 }),
}));

// React's scheduler prefers setImmediate; without it it would use a MessageChannel.
if (typeof g.setImmediate === 'undefined') {
  Object.assign(g, { setImmediate: nodeSetImmediate, clearImmediate: nodeClearImmediate });
}

// react-router 7 reads TextEncoder when it loads.
if (typeof g.TextEncoder === 'undefined') g.TextEncoder = TextEncoder;
if (typeof g.TextDecoder === 'undefined') g.TextDecoder = TextDecoder;

// antd measures with ResizeObserver; jsdom has no layout, so nothing ever resizes.
if (typeof g.ResizeObserver === 'undefined') {
  g.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

// antd 6's form scheduling posts through a MessageChannel. Node's ports re-ref themselves as soon
// as `onmessage` is set and would keep Jest from exiting; this one delivers with the window's
// timers, which Jest clears when a test file ends.
type Listener = (event: { data: unknown }) => void;
class TimerPort {
  onmessage: Listener | null = null;
  other: TimerPort | null = null;
  private readonly listeners = new Set<Listener>();
  private closed = false;
  postMessage(data: unknown): void {
    const target = this.other;
    if (!target || this.closed) return;
    setTimeout(() => target.deliver(data), 0);
  }
  private deliver(data: unknown): void {
    if (this.closed) return;
    this.onmessage?.({ data });
    for (const listener of this.listeners) listener({ data });
  }
  addEventListener(type: string, listener: Listener): void {
    if (type === 'message') this.listeners.add(listener);
  }
  removeEventListener(type: string, listener: Listener): void {
    if (type === 'message') this.listeners.delete(listener);
  }
  start(): void {}
  close(): void {
    this.closed = true;
  }
}
g.MessageChannel = class TimerMessageChannel {
  readonly port1 = new TimerPort();
  readonly port2 = new TimerPort();
  constructor() {
    this.port1.other = this.port2;
    this.port2.other = this.port1;
  }
};

// jsdom has no fetch classes; react-router's data router builds a Request per navigation and
// `redirect()` answers a Response. Just what it reads.
if (typeof g.Headers === 'undefined') {
  class TestHeaders {
    private readonly map = new Map<string, string>();
    constructor(init?: Record<string, string> | [string, string][] | TestHeaders) {
      if (init instanceof TestHeaders) init.forEach((value, key) => this.set(key, value));
      else if (Array.isArray(init)) for (const [k, v] of init) this.set(k, v);
      else if (init) for (const [k, v] of Object.entries(init)) this.set(k, v);
    }
    get(key: string): string | null {
      return this.map.get(key.toLowerCase()) ?? null;
    }
    set(key: string, value: string): void {
      this.map.set(key.toLowerCase(), String(value));
    }
    append(key: string, value: string): void {
      this.set(key, value);
    }
    has(key: string): boolean {
      return this.map.has(key.toLowerCase());
    }
    delete(key: string): void {
      this.map.delete(key.toLowerCase());
    }
    forEach(fn: (value: string, key: string) => void): void {
      this.map.forEach((value, key) => fn(value, key));
    }
    entries() {
      return this.map.entries();
    }
    [Symbol.iterator]() {
      return this.map.entries();
    }
  }
  g.Headers = TestHeaders;
}
/** What a Request and a Response both carry: headers (a Headers of the init) and a body. */
class TestMessage {
  readonly headers: unknown;
  readonly body: unknown;
  constructor(body: unknown, headers: unknown) {
    this.body = body;
    this.headers = new (g.Headers as new (init?: unknown) => unknown)(headers);
  }
}
if (typeof g.Request === 'undefined') {
  g.Request = class TestRequest extends TestMessage {
    readonly url: string;
    readonly method: string;
    readonly signal: AbortSignal;
    constructor(
      input: string | URL | { url: string },
      init: { method?: string; signal?: AbortSignal; body?: unknown; headers?: unknown } = {},
    ) {
      super(init.body ?? null, init.headers);
      this.url = typeof input === 'object' && 'url' in input ? input.url : String(input);
      this.method = (init.method ?? 'GET').toUpperCase();
      this.signal = init.signal ?? new AbortController().signal;
    }
  };
}
if (typeof g.Response === 'undefined') {
  g.Response = class TestResponse extends TestMessage {
    readonly status: number;
    readonly statusText: string;
    constructor(body: unknown = null, init: { status?: number; statusText?: string; headers?: unknown } = {}) {
      super(body, init.headers);
      this.status = init.status ?? 200;
      this.statusText = init.statusText ?? '';
    }
    get ok(): boolean {
      return this.status >= 200 && this.status < 300;
    }
    async text(): Promise<string> {
      return this.body == null ? '' : String(this.body);
    }
    async json(): Promise<unknown> {
      return JSON.parse(await this.text());
    }
  };
}

// antd screens render slowly in jsdom on a busy 2-core machine.
configure({ asyncUtilTimeout: 10_000 });
