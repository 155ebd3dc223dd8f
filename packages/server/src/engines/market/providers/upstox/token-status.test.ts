import { tokenStatus } from './token-status';

const NOW = Date.parse('2026-01-05T04:00:00Z');
const jwt = (claims: object) => `h.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('tokenStatus from exp', () => {
  it('is missing without a token', () => {
    expect(tokenStatus(null, NOW).state).toBe('missing');
    expect(tokenStatus('', NOW).state).toBe('missing');
  });
  it('is valid with more than 2 hours left', () => {
    expect(tokenStatus(jwt({ exp: NOW / 1000 + 3 * 3600 }), NOW)).toEqual({
      state: 'valid',
      expiresAt: '2026-01-05T07:00:00.000Z',
    });
  });
  it('is expiring under 2 hours, and at 1 h 59 min', () => {
    expect(tokenStatus(jwt({ exp: NOW / 1000 + 2 * 3600 - 60 }), NOW).state).toBe('expiring');
    expect(tokenStatus(jwt({ exp: NOW / 1000 + 2 * 3600 }), NOW).state).toBe('valid');
  });
  it('is expired once exp has passed', () => {
    expect(tokenStatus(jwt({ exp: NOW / 1000 }), NOW).state).toBe('expired');
    expect(tokenStatus(jwt({ exp: NOW / 1000 - 1 }), NOW).state).toBe('expired');
  });
  it('is invalid when it cannot be decoded or has no numeric exp', () => {
    expect(tokenStatus('not-a-jwt', NOW).state).toBe('invalid');
    expect(tokenStatus('a.!!!.c', NOW).state).toBe('invalid');
    expect(tokenStatus(jwt({ exp: 'soon' }), NOW).state).toBe('invalid');
  });
});
