import { databases } from '../../test-support/databases';
import { SqlSecondFactorRepository } from './second-factor-repository';

const T0 = Date.UTC(2026, 0, 5, 4, 0);
const EMAIL = 'trader@example.com';

let open = databases[0]!.open;

describe.each(databases)('SqlSecondFactorRepository on $name', (database) => {
  beforeAll(() => {
    open = database.open;
  });

  it('keeps a pending secret replaceable until it is confirmed, then refuses to replace it', () => {
    const repo = new SqlSecondFactorRepository(open());
    expect(repo.find(EMAIL)).toBeUndefined();
    expect(repo.savePending(EMAIL, 'sealed-1', T0)).toBe(true);
    expect(repo.savePending(EMAIL, 'sealed-2', T0 + 1)).toBe(true);
    expect(repo.find(EMAIL)).toEqual({ sealedSecret: 'sealed-2', confirmedAt: null, lastUsedStep: null });
    expect(repo.confirm(EMAIL, 100, T0 + 2)).toBe(true);
    expect(repo.confirm(EMAIL, 101, T0 + 3)).toBe(false);
    expect(repo.savePending(EMAIL, 'sealed-3', T0 + 4)).toBe(false);
    expect(repo.find(EMAIL)).toEqual({ sealedSecret: 'sealed-2', confirmedAt: T0 + 2, lastUsedStep: 100 });
  });

  it('accepts each time step once and only moving forward', () => {
    const repo = new SqlSecondFactorRepository(open());
    repo.savePending(EMAIL, 'sealed', T0);
    repo.confirm(EMAIL, 100, T0);
    expect(repo.useStep(EMAIL, 100)).toBe(false);
    expect(repo.useStep(EMAIL, 99)).toBe(false);
    expect(repo.useStep(EMAIL, 101)).toBe(true);
    expect(repo.find(EMAIL)?.lastUsedStep).toBe(101);
  });

  it('spends a recovery code once and replaces the whole set', () => {
    const repo = new SqlSecondFactorRepository(open());
    repo.replaceRecoveryCodes(EMAIL, ['h1', 'h2'], T0);
    expect(repo.useRecoveryCode(EMAIL, 'h1', T0 + 1)).toBe(true);
    expect(repo.useRecoveryCode(EMAIL, 'h1', T0 + 2)).toBe(false);
    expect(repo.unusedRecoveryCodes(EMAIL)).toEqual(['h2']);
    repo.replaceRecoveryCodes(EMAIL, ['h3'], T0 + 3);
    expect(repo.unusedRecoveryCodes(EMAIL)).toEqual(['h3']);
  });

  it('spends a challenge once, before it expires, and forgets expired ones', () => {
    const repo = new SqlSecondFactorRepository(open());
    repo.addChallenge('c1', EMAIL, T0 + 1000, T0);
    expect(repo.challengeEmail('c1', T0)).toBe(EMAIL);
    expect(repo.spendChallenge('c1', T0 + 1000)).toBe(false);
    expect(repo.spendChallenge('c1', T0 + 1)).toBe(true);
    expect(repo.challengeEmail('c1', T0 + 2)).toBeUndefined();
    repo.addChallenge('c2', EMAIL, T0 + 5000, T0 + 2000);
    expect(repo.challengeEmail('c1', T0)).toBeUndefined();
  });

  it('switching off removes the secret, the codes and the open challenges', () => {
    const repo = new SqlSecondFactorRepository(open());
    repo.savePending(EMAIL, 'sealed', T0);
    repo.replaceRecoveryCodes(EMAIL, ['h1'], T0);
    repo.addChallenge('c1', EMAIL, T0 + 1000, T0);
    repo.remove(EMAIL);
    expect(repo.find(EMAIL)).toBeUndefined();
    expect(repo.unusedRecoveryCodes(EMAIL)).toEqual([]);
    expect(repo.challengeEmail('c1', T0)).toBeUndefined();
  });
});
