import { incompleteBeta, studentTQuantile } from './student-t';

describe('studentTQuantile', () => {
  // Textbook two-sided critical values (any t table), to the three decimals they are printed with.
  it.each([
    [0.975, 1, 12.706],
    [0.975, 2, 4.303],
    [0.975, 10, 2.228],
    [0.975, 30, 2.042],
    [0.975, 120, 1.98],
    [0.995, 4, 4.604],
    [0.995, 20, 2.845],
    [0.9995, 3, 12.924],
    [0.9995, 9, 4.781],
    [0.9995, 60, 3.46],
    [0.95, 5, 2.015],
  ])('P(T ≤ t) = %p with %p degrees of freedom gives t = %p', (p, df, t) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(t, 3);
  });

  it('is symmetric about 0 and approaches the normal quantile as df grows', () => {
    expect(studentTQuantile(0.025, 10)).toBeCloseTo(-2.228, 3);
    expect(studentTQuantile(0.5, 7)).toBe(0);
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.96, 3);
  });

  it('gives the Bonferroni quantile a sweep of 50 combinations needs: 0.9995 at 4 df is 8.610', () => {
    expect(studentTQuantile(1 - 0.05 / 50 / 2, 4)).toBeCloseTo(8.61, 2);
  });

  it('refuses a probability outside (0, 1)', () => {
    expect(() => studentTQuantile(1, 5)).toThrow(RangeError);
  });
});

describe('incompleteBeta', () => {
  it('matches closed forms: I_x(1, 1) = x and I_x(a, 1) = x^a', () => {
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.6, 3, 1)).toBeCloseTo(0.216, 12);
  });
});
