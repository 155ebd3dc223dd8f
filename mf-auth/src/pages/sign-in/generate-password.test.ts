import { generateStrongPassword, PASSWORD_CHARACTER_CLASSES, randomIndex } from './generate-password';

const [lowercase, uppercase, digits, symbols] = PASSWORD_CHARACTER_CLASSES;
const hasOneOf = (password: string, characters: string) => [...password].some((c) => characters.includes(c));

/** Replaces crypto.getRandomValues with a scripted sequence of 32-bit values. */
function scriptRandomValues(next: () => number) {
  let calls = 0;
  return jest.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
    if (++calls > 1000) throw new Error('the generator keeps drawing: is a scripted value always rejected?');
    const values = array as Uint32Array;
    for (let i = 0; i < values.length; i++) values[i] = next();
    return array;
  });
}

afterEach(() => jest.restoreAllMocks());

describe('generateStrongPassword', () => {
  it('makes 16 characters with a lowercase letter, an uppercase letter, a digit and a symbol, every time', () => {
    for (let run = 0; run < 300; run++) {
      const password = generateStrongPassword();
      expect(password).toHaveLength(16);
      expect(hasOneOf(password, lowercase)).toBe(true);
      expect(hasOneOf(password, uppercase)).toBe(true);
      expect(hasOneOf(password, digits)).toBe(true);
      expect(hasOneOf(password, symbols)).toBe(true);
    }
  });

  it('draws from crypto.getRandomValues and never from Math.random', () => {
    const mathRandom = jest.spyOn(Math, 'random');
    const cryptoRandom = scriptRandomValues(() => 0);
    const password = generateStrongPassword();
    expect(cryptoRandom).toHaveBeenCalled();
    expect(mathRandom).not.toHaveBeenCalled();
    // Every draw 0: picks a, A, 0, ! and twelve "a"; the shuffle (always j = 0) then rotates A, 0, ! to the front.
    expect(password).toBe(`A0!${'a'.repeat(13)}`);
  });
});

describe('randomIndex', () => {
  it('rejects values from the biased top of the 32-bit range and draws again', () => {
    const values = [0xffffffff, 5];
    const cryptoRandom = scriptRandomValues(() => values.shift()!);
    // 2^32 is not a multiple of 26: the last 6 values would favour a-f, so 0xffffffff is thrown away.
    expect(randomIndex(26)).toBe(5);
    expect(cryptoRandom).toHaveBeenCalledTimes(2);
  });

  it('accepts the largest value below the rejection limit', () => {
    const limit = 2 ** 32 - (2 ** 32 % 26);
    scriptRandomValues(() => limit - 1);
    expect(randomIndex(26)).toBe((limit - 1) % 26);
  });
});
