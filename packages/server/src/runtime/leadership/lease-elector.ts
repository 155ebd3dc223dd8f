import type { Engine } from '../../core/ports/engine';
import type { Leadership } from '../../core/ports/leadership';
import type { LeasesRepository } from '../../core/ports/repositories/leases';

/** Decision 0033: a killed leader's lease runs out within 10 s and a follower asks every 3 s, so it leads within 13 s. */
export const LEASE_TIMINGS = {
  leaseMs: 10_000,
  renewEveryMs: 3_000,
  /** A leader that could not renew steps down this long before its lease runs out: room for clock skew and its stop. */
  stepDownMarginMs: 2_000,
} as const;

export interface ElectorTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LeaseElectorOptions {
  leases: LeasesRepository;
  identity: string;
  now: () => number;
  timers?: ElectorTimers;
  /** The lease row's name: every instance sharing the database competes for the same one. */
  leaseName?: string;
  timings?: Partial<typeof LEASE_TIMINGS>;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type LeadershipEngine = Leadership & Engine;

const realTimers: ElectorTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Leadership through a lease row in the shared database. Started, it asks for the lease at once and
 * then every `renewEveryMs`; holding it, it renews it for `leaseMs`. A leader that has not renewed
 * by `stepDownMarginMs` before its lease runs out steps down on its own, before anyone else may take
 * the lease. Stopped, it releases the lease so a follower takes over at its next ask.
 */
export class LeaseElector implements LeadershipEngine {
  readonly name = 'leadership';
  readonly identity: string;
  private readonly timings: typeof LEASE_TIMINGS;
  private readonly timers: ElectorTimers;
  private readonly leaseName: string;
  private readonly listeners = new Set<(leader: boolean) => void>();
  /** While leading: the instant this instance stops counting itself leader unless it renews first. */
  private leadUntil: number | null = null;
  private announced = false;
  private timer: unknown = null;
  private running = false;

  constructor(private readonly options: LeaseElectorOptions) {
    this.identity = options.identity;
    this.timings = { ...LEASE_TIMINGS, ...options.timings };
    this.timers = options.timers ?? realTimers;
    this.leaseName = options.leaseName ?? 'leader';
  }

  isLeader(): boolean {
    // On the clock, so a process that stalled past its deadline stops leading before its timer fires.
    return this.leadUntil !== null && this.options.now() < this.leadUntil;
  }

  onChange(listener: (leader: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt();
  }

  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.timers.clearTimeout(this.timer);
    this.timer = null;
    const held = this.leadUntil !== null;
    this.leadUntil = null;
    this.announce();
    if (!held) return;
    try {
      this.options.leases.release(this.leaseName, this.identity);
    } catch (error) {
      // The lease then runs out on its own, within leaseMs.
      this.options.log?.warn({ err: error }, 'could not release the leader lease');
    }
  }

  /** One ask: take or renew the lease, step down if that failed past the deadline, and plan the next. */
  private attempt(): void {
    if (!this.running) return;
    const at = this.options.now();
    try {
      const lease = this.options.leases.acquire(this.leaseName, this.identity, at, at + this.timings.leaseMs);
      this.leadUntil =
        lease.holder === this.identity ? lease.expiresAt - this.timings.stepDownMarginMs : null;
    } catch (error) {
      // The database did not answer: keep leading only until the deadline the last renewal set.
      this.options.log?.warn({ err: error, leading: this.isLeader() }, 'could not renew the leader lease');
    }
    if (this.leadUntil !== null && at >= this.leadUntil) this.leadUntil = null;
    this.announce();
    this.plan();
  }

  private plan(): void {
    const { renewEveryMs } = this.timings;
    // A leader whose renewals fail wakes at its deadline too, to step down on time.
    const untilDeadline = this.leadUntil === null ? renewEveryMs : this.leadUntil - this.options.now();
    this.timer = this.timers.setTimeout(
      () => this.attempt(),
      Math.max(0, Math.min(renewEveryMs, untilDeadline)),
    );
  }

  private announce(): void {
    const leader = this.isLeader();
    if (leader === this.announced) return;
    this.announced = leader;
    this.options.log?.info({ identity: this.identity, leader }, leader ? 'leading' : 'stepped down');
    for (const listener of this.listeners) {
      try {
        listener(leader);
      } catch (error) {
        // One listener's failure must not keep the others from hearing the change.
        this.options.log?.warn({ err: error }, 'a leadership listener failed');
      }
    }
  }
}

/** Without a shared database there is nobody to elect: this instance leads, through the same port. */
export function alwaysLeader(identity: string): LeadershipEngine {
  return {
    name: 'leadership',
    identity,
    isLeader: () => true,
    onChange: () => () => {},
    start() {},
    async stop() {},
  };
}
