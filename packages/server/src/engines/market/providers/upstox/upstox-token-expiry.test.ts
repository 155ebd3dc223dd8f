import { jwtExpiry, sessionExpiry, upstoxTokenExpiry } from './upstox-token-expiry';

/** An IST wall-clock time as epoch ms. */
const ist = (iso: string) => Date.parse(`${iso}+05:30`);

describe('upstoxTokenExpiry', () => {
  it('expires a token issued during the day at 03:30 IST the next day', () => {
    expect(upstoxTokenExpiry(ist('2026-11-22T10:00:00'))).toBe(ist('2026-11-23T03:30:00'));
  });

  it('expires a token issued before 03:30 IST at 03:30 the same day', () => {
    expect(upstoxTokenExpiry(ist('2026-11-22T02:00:00'))).toBe(ist('2026-11-22T03:30:00'));
  });

  it('gives a token issued exactly at 03:30 IST a full day', () => {
    expect(upstoxTokenExpiry(ist('2026-11-22T03:30:00'))).toBe(ist('2026-11-23T03:30:00'));
  });

  it('handles an issue time late in the IST evening (already the next UTC day)', () => {
    expect(upstoxTokenExpiry(ist('2026-12-31T23:50:00'))).toBe(ist('2027-01-01T03:30:00'));
  });
});

describe('sessionExpiry', () => {
  const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('prefers an explicit expiry, then the 03:30 rule, then the JWT exp claim', () => {
    const token = jwt({ sub: 'AB1234', exp: 1_795_000_000 });
    expect(sessionExpiry({ accessToken: token, expiresAtMs: 42 })).toBe(42);
    expect(sessionExpiry({ accessToken: token, issuedAtMs: ist('2026-11-22T10:00:00') })).toBe(
      ist('2026-11-23T03:30:00'),
    );
    expect(sessionExpiry({ accessToken: token })).toBe(1_795_000_000_000);
  });

  it('is unknown for a token that is not a JWT', () => {
    expect(jwtExpiry('opaque-token')).toBeNull();
    expect(sessionExpiry({ accessToken: 'opaque-token' })).toBeNull();
  });
});
