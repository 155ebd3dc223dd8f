/**
 * Work started before whoever needs it exists (the entry script's registry and manifest reads,
 * bootstrap's session check: docs/decisions/0046), handed over once. The first taker asking with a
 * matching key gets it; any later taker (a remount, a second store) asks on its own, so an answer is
 * never reused after the moment it was started for.
 *
 * Plain TypeScript with no imports: index.ts uses it before the shared modules are set up.
 */
export class StartedEarly<K, V> {
  private held: { key: K; value: V }[] = [];

  constructor(private readonly same: (held: K, asked: K) => boolean = Object.is) {}

  /** Keeps started work for its taker, in place of any earlier work kept under the same key. */
  put(key: K, value: V): void {
    this.held = [...this.held.filter((h) => !this.same(h.key, key)), { key, value }];
  }

  /** The work kept under this key, once; undefined when none was started or it was taken. */
  take(key: K): V | undefined {
    const found = this.held.find((h) => this.same(h.key, key));
    if (!found) return undefined;
    this.held = this.held.filter((h) => h !== found);
    return found.value;
  }
}
