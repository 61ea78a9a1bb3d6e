/** A tiny FIFO async mutex. */
export class Mutex {
  #tail: Promise<void> = Promise.resolve();

  /** Waits for the lock; resolves with the function that releases it. */
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}
