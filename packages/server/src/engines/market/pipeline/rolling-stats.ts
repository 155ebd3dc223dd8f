/** Counts per one-second bucket over the last minute: ticks per minute without keeping every tick. */
export class RollingCounter {
  private readonly buckets = new Float64Array(60);
  private readonly stamps = new Float64Array(60);

  add(now: number, amount = 1): void {
    const second = Math.floor(now / 1000);
    const slot = second % 60;
    if (this.stamps[slot] !== second) {
      this.stamps[slot] = second;
      this.buckets[slot] = 0;
    }
    this.buckets[slot]! += amount;
  }

  /** The total over the 60 seconds up to `now`. */
  total(now: number, seconds = 60): number {
    const current = Math.floor(now / 1000);
    let sum = 0;
    for (let slot = 0; slot < 60; slot++) {
      const age = current - this.stamps[slot]!;
      if (age >= 0 && age < seconds) sum += this.buckets[slot]!;
    }
    return sum;
  }
}

/** The most recent N samples, for percentiles that reflect now rather than since start. */
export class SampleWindow {
  private readonly samples: Float64Array;
  private count = 0;
  private next = 0;
  /** Sorted copy of the samples until the next add: status reads p50 and p99 of one window. */
  private sorted: Float64Array | null = null;

  constructor(size = 4096) {
    this.samples = new Float64Array(size);
  }

  add(value: number): void {
    this.samples[this.next] = value;
    this.next = (this.next + 1) % this.samples.length;
    if (this.count < this.samples.length) this.count++;
    this.sorted = null;
  }

  percentile(p: number): number | null {
    if (this.count === 0) return null;
    // A typed array sorts numerically without a comparator: several times faster than Array#sort.
    this.sorted ??= this.samples.slice(0, this.count).sort();
    const sorted = this.sorted;
    return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  }

  mean(): number | null {
    if (this.count === 0) return null;
    let sum = 0;
    for (let i = 0; i < this.count; i++) sum += this.samples[i]!;
    return sum / this.count;
  }

  get size(): number {
    return this.count;
  }
}
