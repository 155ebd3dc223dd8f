import { GENERATED_PASSWORD_LENGTH } from '@td/contracts';

const LOWERCASE = 'abcdefghijklmnopqrstuvwxyz';
const UPPERCASE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
// No quotes, backslash or space, so the password survives copy and paste into any field.
const SYMBOLS = '!@#$%^&*()-_=+[]{};:,.?';
export const PASSWORD_CHARACTER_CLASSES = [LOWERCASE, UPPERCASE, DIGITS, SYMBOLS] as const;
const ALL_CHARACTERS = PASSWORD_CHARACTER_CLASSES.join('');

const RANGE = 2 ** 32;

/**
 * A uniform index in [0, size) from crypto.getRandomValues. Values from the top, incomplete block
 * of the 32-bit range are drawn again (rejection sampling), so no index is favoured by `%`.
 */
export function randomIndex(size: number): number {
  const limit = RANGE - (RANGE % size);
  const draw = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(draw);
    const value = draw[0]!;
    if (value < limit) return value % size;
  }
}

function pick(characters: string): string {
  return characters[randomIndex(characters.length)]!;
}

/** Fisher–Yates with the same unbiased source, so the guaranteed characters do not sit at the front. */
function shuffle(characters: string[]): string[] {
  const result = [...characters];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomIndex(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** spec part 1 §5: 16 characters with at least one lowercase letter, uppercase letter, digit and symbol. */
export function generateStrongPassword(length: number = GENERATED_PASSWORD_LENGTH): string {
  const guaranteed = PASSWORD_CHARACTER_CLASSES.map(pick);
  const rest = Array.from({ length: Math.max(0, length - guaranteed.length) }, () => pick(ALL_CHARACTERS));
  return shuffle([...guaranteed, ...rest]).join('');
}
