/**
 * At most `size` tasks at a time; the others wait in FIFO order. Counts the most that ever ran at
 * once (`peak`), so a test can see the bound hold.
 */
export class Semaphore {
  #active = 0;
  #peak = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(private size: number) {}

  get active(): number {
    return this.#active;
  }

  get peak(): number {
    return this.#peak;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** A new bound (tasks already running keep their slot). */
  resize(size: number): void {
    this.size = Math.max(1, size);
    this.#wake();
  }

  resetPeak(): void {
    this.#peak = this.#active;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#active += 1;
    this.#peak = Math.max(this.#peak, this.#active);
    try {
      return await task();
    } finally {
      this.#active -= 1;
      this.#wake();
    }
  }

  #wake(): void {
    while (this.#active < this.size && this.#waiting.length > 0) {
      this.#active += 1;
      this.#waiting.shift()!();
    }
  }
}
