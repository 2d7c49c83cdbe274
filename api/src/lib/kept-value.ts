/**
 * One value read from the database, kept in this process for a few seconds (settings that hot public routes read
 * on every request).
 * - kept at most `ttlMs`; `ttlMs` 0 keeps nothing (every call loads)
 * - concurrent misses share one load; a failed load is not kept
 * - `clear()` drops the value at once in this process (the route that saves the settings calls it), and a load
 *   that started before it is answered but not kept: it may have read the old rows. Other processes see the
 *   change within `ttlMs`
 */
export class KeptValue<T> {
  private value: { at: number; value: T } | null = null;
  private loading: Promise<T> | null = null;
  private generation = 0;

  constructor(private readonly ttlMs: number) {}

  async get(load: () => Promise<T>, now = Date.now()): Promise<T> {
    if (this.ttlMs <= 0) return load();
    if (this.value && now - this.value.at < this.ttlMs) return this.value.value;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const started = now;
    const pending = load().then((value) => {
      if (generation === this.generation) this.value = { at: started, value };
      return value;
    });
    this.loading = pending;
    // Whatever the outcome, the next miss starts a new load.
    pending
      .finally(() => {
        if (this.loading === pending) this.loading = null;
      })
      .catch(() => {});
    return pending;
  }

  clear(): void {
    this.generation++;
    this.value = null;
    this.loading = null;
  }
}
