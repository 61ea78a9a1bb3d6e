/** How many streams are open on this process, per session and per user. */
export class StreamCounts {
  readonly #bySession = new Map<number, number>();
  readonly #byUser = new Map<number, number>();
  #total = 0;

  get total(): number {
    return this.#total;
  }

  ofSession(sessionId: number): number {
    return this.#bySession.get(sessionId) ?? 0;
  }

  ofUser(userId: number): number {
    return this.#byUser.get(userId) ?? 0;
  }

  add(sessionId: number, userId: number): void {
    this.#bySession.set(sessionId, this.ofSession(sessionId) + 1);
    this.#byUser.set(userId, this.ofUser(userId) + 1);
    this.#total += 1;
  }

  remove(sessionId: number, userId: number): void {
    const step = (map: Map<number, number>, key: number) => {
      const left = (map.get(key) ?? 0) - 1;
      if (left > 0) map.set(key, left);
      else map.delete(key);
    };
    step(this.#bySession, sessionId);
    step(this.#byUser, userId);
    this.#total -= 1;
  }
}
