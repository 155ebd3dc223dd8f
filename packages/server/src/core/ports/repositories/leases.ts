/** A named lease: who holds it and until when (epoch ms). */
export interface Lease {
  name: string;
  holder: string;
  expiresAt: number;
}

/**
 * The leases table: a row per lease, taken by whoever finds it free or run out, renewed by its
 * holder. One statement decides, so two instances asking at once cannot both win.
 */
export interface LeasesRepository {
  /**
   * Takes the lease until `expiresAt` when it is free or ran out before `now`, or renews it when
   * `holder` already has it; otherwise changes nothing. Returns who holds it afterwards.
   */
  acquire(name: string, holder: string, now: number, expiresAt: number): Lease;
  /** Gives the lease up if `holder` has it, so another instance can take it without waiting. */
  release(name: string, holder: string): void;
  current(name: string): Lease | null;
}
