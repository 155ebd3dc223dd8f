import { openDatabase } from '../sqlite/database';
import { SqlLeasesRepository } from './leases-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);

describe('SqlLeasesRepository', () => {
  const leases = () => new SqlLeasesRepository(openDatabase(':memory:'));

  it('has no holder at first, and the first to ask takes the lease', () => {
    const repo = leases();
    expect(repo.current('leader')).toBeNull();
    expect(repo.acquire('leader', 'a', T0, T0 + 10_000)).toEqual({
      name: 'leader',
      holder: 'a',
      expiresAt: T0 + 10_000,
    });
  });

  it('leaves an unexpired lease with its holder and tells the asker who holds it', () => {
    const repo = leases();
    repo.acquire('leader', 'a', T0, T0 + 10_000);
    expect(repo.acquire('leader', 'b', T0 + 9_999, T0 + 19_999)).toEqual({
      name: 'leader',
      holder: 'a',
      expiresAt: T0 + 10_000,
    });
  });

  it('lets the holder renew before expiry', () => {
    const repo = leases();
    repo.acquire('leader', 'a', T0, T0 + 10_000);
    expect(repo.acquire('leader', 'a', T0 + 3_000, T0 + 13_000).expiresAt).toBe(T0 + 13_000);
  });

  it('hands a lease that ran out to the next one to ask', () => {
    const repo = leases();
    repo.acquire('leader', 'a', T0, T0 + 10_000);
    expect(repo.acquire('leader', 'b', T0 + 10_001, T0 + 20_001).holder).toBe('b');
  });

  it('releases only for its holder', () => {
    const repo = leases();
    repo.acquire('leader', 'a', T0, T0 + 10_000);
    repo.release('leader', 'b');
    expect(repo.current('leader')?.holder).toBe('a');
    repo.release('leader', 'a');
    expect(repo.current('leader')).toBeNull();
    expect(repo.acquire('leader', 'b', T0 + 1, T0 + 10_001).holder).toBe('b');
  });

  it('keeps leases of different names apart', () => {
    const repo = leases();
    repo.acquire('leader', 'a', T0, T0 + 10_000);
    expect(repo.acquire('other', 'b', T0, T0 + 10_000).holder).toBe('b');
  });
});
