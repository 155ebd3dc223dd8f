import { hashPassword, parsePasswordHash, verifyPassword } from './password-hash';

const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Correct-Horse-42', FAST);
    await expect(verifyPassword('Correct-Horse-42', stored)).resolves.toBe(true);
    await expect(verifyPassword('Correct-Horse-43', stored)).resolves.toBe(false);
  });

  it('salts every hash, so equal passwords store differently', async () => {
    const [a, b] = await Promise.all([
      hashPassword('Same-Password-1', FAST),
      hashPassword('Same-Password-1', FAST),
    ]);
    expect(a).not.toBe(b);
  });

  it('reads its cost from the stored string, so old hashes keep verifying after the default rises', async () => {
    const stored = await hashPassword('Correct-Horse-42', { N: 2 ** 11, r: 4, p: 2 });
    expect(parsePasswordHash(stored)).toMatchObject({ N: 2048, r: 4, p: 2 });
    await expect(verifyPassword('Correct-Horse-42', stored)).resolves.toBe(true);
  });

  it.each([
    '',
    'plain-text-password',
    'bcrypt$10$abc$def',
    'scrypt$abc$8$1$c2FsdA$a2V5',
    'scrypt$1024$8$1$c2FsdA',
    'scrypt$1024$8$1$c2FsdA$a2V5$extra',
    'scrypt$1024$8$1$c2FsdA$a2V5',
  ])('treats the unreadable stored value %p as a mismatch, without throwing', async (stored) => {
    await expect(verifyPassword('anything', stored)).resolves.toBe(false);
  });
});
