interface KeyEntry {
  bytes: Uint8Array;
  symbol: string;
  next: KeyEntry | null;
}

/**
 * Maps instrument-key bytes straight from a frame to our symbol, without building a string per
 * tick: keys repeat on every frame, so a hash of the bytes plus one comparison finds the symbol.
 */
export class InstrumentKeyTable {
  private readonly buckets = new Map<number, KeyEntry>();

  constructor(private readonly resolve: (instrumentKey: string) => string | undefined) {}

  /** The symbol for bytes[start, end), or null when the resolver does not know the key. */
  lookup(bytes: Uint8Array, start: number, end: number): string | null {
    let hash = 0x811c9dc5; // FNV-1a
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    hash &= 0x3fffffff; // a small integer key keeps the Map lookup on V8's fast path
    const head = this.buckets.get(hash) ?? null;
    for (let entry = head; entry; entry = entry.next) {
      if (sameBytes(entry.bytes, bytes, start, end)) return entry.symbol;
    }
    const key = bytes.slice(start, end);
    const symbol = this.resolve(new TextDecoder().decode(key));
    // Unknown keys are not remembered: the instrument list may learn them later.
    if (symbol === undefined) return null;
    this.buckets.set(hash, { bytes: key, symbol, next: head });
    return symbol;
  }
}

function sameBytes(known: Uint8Array, bytes: Uint8Array, start: number, end: number): boolean {
  if (known.length !== end - start) return false;
  for (let i = 0; i < known.length; i++) if (known[i] !== bytes[start + i]) return false;
  return true;
}
