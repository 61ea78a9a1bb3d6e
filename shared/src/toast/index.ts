/**
 * UI-free toast emitter. The shell subscribes and renders the events (with antd);
 * remotes and `shared` only emit. Events emitted while nobody listens are queued and
 * handed to the next subscriber, so nothing raised during start-up is lost.
 */
export type ToastType = 'error' | 'info' | 'success' | 'warning';

export interface ToastEvent {
  id: number;
  type: ToastType;
  message: string;
}

export type ToastListener = (event: ToastEvent) => void;

/** Upper bound of queued events while nobody listens (the oldest are dropped). */
export const TOAST_QUEUE_LIMIT = 50;

const listeners = new Set<ToastListener>();
let queue: ToastEvent[] = [];
let nextId = 1;

function deliver(listener: ToastListener, event: ToastEvent): void {
  try {
    listener(event);
  } catch (error) {
    console.error('toast listener failed', error);
  }
}

function emit(type: ToastType, message: string): ToastEvent {
  const event: ToastEvent = { id: nextId++, type, message: String(message) };
  if (listeners.size === 0) {
    queue.push(event);
    if (queue.length > TOAST_QUEUE_LIMIT) queue = queue.slice(-TOAST_QUEUE_LIMIT);
  } else {
    for (const listener of [...listeners]) deliver(listener, event);
  }
  return event;
}

export const toast = {
  error: (message: string): ToastEvent => emit('error', message),
  info: (message: string): ToastEvent => emit('info', message),
  success: (message: string): ToastEvent => emit('success', message),
  warning: (message: string): ToastEvent => emit('warning', message),
  /** Listen to toasts; queued ones are delivered at once. Returns the unsubscribe function. */
  subscribe(listener: ToastListener): () => void {
    listeners.add(listener);
    if (queue.length > 0) {
      const pending = queue;
      queue = [];
      for (const event of pending) deliver(listener, event);
    }
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Test helper: forget listeners and queued events. Not part of the public API. */
export function resetToasts(): void {
  listeners.clear();
  queue = [];
}
