import { newPasswordProblem, scorePassword, strengthLabel } from './password-strength';

describe('password strength', () => {
  it('gives 25 for length, 25 for lower, 25 for upper, 15 for a digit and 10 for a symbol', () => {
    expect(scorePassword('')).toBe(0);
    expect(scorePassword('abc')).toBe(25);
    expect(scorePassword('abcdefghijkl')).toBe(50);
    expect(scorePassword('abcdefghijkL')).toBe(75);
    expect(scorePassword('abcdefghijK1')).toBe(90);
    expect(scorePassword('abcdefghiK1!')).toBe(100);
    expect(scorePassword('SHORT1!')).toBe(50);
  });

  it('names the bands at 25, 50 and 75', () => {
    expect(strengthLabel(0)).toBe('Weak');
    expect(strengthLabel(24)).toBe('Weak');
    expect(strengthLabel(25)).toBe('Fair');
    expect(strengthLabel(49)).toBe('Fair');
    expect(strengthLabel(50)).toBe('Good');
    expect(strengthLabel(74)).toBe('Good');
    expect(strengthLabel(75)).toBe('Strong');
    expect(strengthLabel(100)).toBe('Strong');
  });

  it('refuses short or weak new passwords with a reason', () => {
    expect(newPasswordProblem('Ab1!')).toBe('Password must be at least 12 characters long');
    expect(newPasswordProblem('abcdefghijklmnop')).toMatch(/too weak/);
    expect(newPasswordProblem('correct Horse battery')).toBeNull();
  });
});
