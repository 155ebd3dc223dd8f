import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Lease, LeasesRepository } from '../../core/ports/repositories/leases';
import { SqlLeasesRepository } from '../../storage/sql/leases-repository';
import { type Db, openDatabase } from '../../storage/sqlite/database';
import { createManualTimers, type ManualTimers } from '../../test-support/manual-timers';
import { LEASE_TIMINGS, LeaseElector } from './lease-elector';

const { leaseMs, renewEveryMs, stepDownMarginMs } = LEASE_TIMINGS;

/** Two instances over one database file, each with its own connection, on one clock. */
describe('LeaseElector over a shared SQLite file', () => {
  let dir: string;
  let clock: ManualTimers;
  const connections: Db[] = [];
  const events: string[] = [];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-leases-'));
    clock = createManualTimers();
    began = clock.now();
    events.length = 0;
  });
  afterEach(() => {
    for (const db of connections.splice(0)) db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** An instance; `alive: false` holds its timers back, like a frozen process (a killed one never wakes). */
  function instance(identity: string, leases?: LeasesRepository) {
    const db = openDatabase(path.join(dir, 'trading.db'));
    connections.push(db);
    const held: (() => void)[] = [];
    const process = {
      alive: true,
      wake() {
        process.alive = true;
        for (const callback of held.splice(0)) callback();
      },
    };
    const elector = new LeaseElector({
      leases: leases ?? new SqlLeasesRepository(db),
      identity,
      now: clock.now,
      timers: {
        setTimeout: (callback, ms) =>
          clock.setTimeout(() => (process.alive ? callback() : held.push(callback)), ms),
        clearTimeout: clock.clearTimeout,
      },
    });
    elector.onChange((leader) => events.push(`${identity} ${leader ? 'leads' : 'steps down'} +${elapsed()}`));
    return { elector, process, db };
  }
  let began = 0;
  const elapsed = () => clock.now() - began;
  const leaders = (...all: LeaseElector[]) => all.filter((e) => e.isLeader()).map((e) => e.identity);

  it('lets exactly one of two instances lead while both renew', () => {
    const a = instance('a').elector;
    const b = instance('b').elector;
    a.start();
    clock.advance(1_000);
    b.start();
    for (let second = 0; second < 60; second += 1) {
      expect(leaders(a, b)).toEqual(['a']);
      clock.advance(1_000);
    }
    expect(events).toEqual(['a leads +0']);
  });

  it('hands the lead to the follower after a killed leader’s lease runs out, and not before', () => {
    const a = instance('a');
    const b = instance('b').elector;
    a.elector.start();
    clock.advance(1_000);
    b.start();
    clock.advance(9_000);
    // Killed just after its renewal at +9 s: the lease it wrote runs until +19 s.
    a.process.alive = false;
    const expiresAt = new SqlLeasesRepository(a.db).current('leader')!.expiresAt;
    expect(expiresAt - began).toBe(9_000 + leaseMs);
    while (clock.now() <= expiresAt) {
      expect(b.isLeader()).toBe(false);
      clock.advance(500);
    }
    clock.advance(renewEveryMs);
    expect(b.isLeader()).toBe(true);
    const tookOver = Number(events.at(-1)!.split('+')[1]);
    // b asks every 3 s from +1 s: +19 s is not yet past the expiry, +22 s is; 12 s after the kill.
    expect(tookOver).toBe(22_000);
    expect(tookOver - 10_000).toBeLessThanOrEqual(15_000);
  });

  it('makes a leader that cannot renew step down on its own before the follower may take over', () => {
    let failing = false;
    const shared = new SqlLeasesRepository(instance('spare').db);
    const flaky: LeasesRepository = {
      acquire: (...args): Lease => {
        if (failing) throw new Error('database unreachable');
        return shared.acquire(...args);
      },
      release: (name, holder) => shared.release(name, holder),
      current: (name) => shared.current(name),
    };
    const a = instance('a', flaky).elector;
    const b = instance('b').elector;
    a.start();
    clock.advance(1_000);
    b.start();
    clock.advance(2_000);
    // a renewed at +3 s, for a lease to +13 s; every renewal after that fails.
    failing = true;
    clock.advance(20_000);
    expect(events).toEqual([
      'a leads +0',
      `a steps down +${3_000 + leaseMs - stepDownMarginMs}`,
      // b asks at +1, +4, +7, +10, +13, +16 s: the lease ran out after +13 s.
      'b leads +16000',
    ]);
    expect(leaders(a, b)).toEqual(['b']);
  });

  it('counts a stalled leader out by the clock, before its own timer wakes it', () => {
    const a = instance('a');
    const b = instance('b').elector;
    a.elector.start();
    b.start();
    a.process.alive = false;
    clock.advance(leaseMs - stepDownMarginMs);
    // No timer of a's has run since +0 s, yet it no longer counts itself leader.
    expect(a.elector.isLeader()).toBe(false);
    clock.advance(6_000);
    expect(leaders(a.elector, b)).toEqual(['b']);
    // Woken again, its late timer finds b holding the lease: it stays a follower.
    a.process.wake();
    clock.advance(renewEveryMs * 3);
    expect(leaders(a.elector, b)).toEqual(['b']);
  });

  it('hands over at the follower’s next ask when the leader stops, without waiting for expiry', async () => {
    const a = instance('a').elector;
    const b = instance('b').elector;
    a.start();
    clock.advance(1_000);
    b.start();
    clock.advance(5_000);
    await a.stop();
    expect(a.isLeader()).toBe(false);
    clock.advance(renewEveryMs);
    expect(leaders(a, b)).toEqual(['b']);
    expect(events).toEqual(['a leads +0', 'a steps down +6000', 'b leads +7000']);
    await b.stop();
    expect(clock.pending()).toBe(0);
  });
});
