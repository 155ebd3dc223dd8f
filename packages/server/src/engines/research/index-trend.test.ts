import { dailyVolatilityPercent, realisedVolatility } from '../analytics/realised-volatility';
import { indexTrend } from './index-trend';

const series = (length: number, at: (i: number) => number) => Array.from({ length }, (_, i) => at(i));

describe('NIFTY 50 trend', () => {
  it('claims no trend with fewer than 25 closes', () => {
    const trend = indexTrend(series(24, (i) => 100 + i));
    expect(trend.direction).toBe('Sideways');
    expect(trend.basis).toMatch(/24 daily closes; a trend needs 25/);
  });

  it('reads a steady 1 % a day rise as an Uptrend', () => {
    expect(indexTrend(series(30, (i) => 100 * 1.01 ** i)).direction).toBe('Uptrend');
  });

  it('reads a steady fall as a Downtrend', () => {
    expect(indexTrend(series(30, (i) => 100 * 0.99 ** i)).direction).toBe('Downtrend');
  });

  it('reads a flat index, and a close within 1 % of its mean, as Sideways', () => {
    expect(indexTrend(series(30, () => 100)).direction).toBe('Sideways');
    // Mean of the last 20 of 100,100.5,100,… is 100.25; a last close of 100.5 is 0.25 % above it.
    expect(indexTrend(series(30, (i) => (i % 2 === 0 ? 100 : 100.5))).direction).toBe('Sideways');
  });
});

describe('realised volatility of NIFTY 50', () => {
  it('is Unknown with fewer than 10 daily returns', () => {
    expect(realisedVolatility(series(10, (i) => 100 + i))).toMatchObject({ level: 'Unknown', percent: null });
  });

  it('annualises the daily standard deviation with √252', () => {
    // Returns alternate +ln(1.01) and −ln(1.01): mean 0, sample σ = ln(1.01) × √(n/(n−1)).
    const closes = series(21, (i) => (i % 2 === 0 ? 100 : 101));
    const n = 20;
    const daily = Math.log(1.01) * Math.sqrt(n / (n - 1)) * 100;
    expect(dailyVolatilityPercent(closes)).toBeCloseTo(daily, 10);
    const { percent, level } = realisedVolatility(closes);
    expect(percent).toBeCloseTo(daily * Math.sqrt(252), 2); // ≈ 16.33 %
    expect(level).toBe('Moderate');
  });

  it('is Low under 12 % and High from 20 %', () => {
    expect(realisedVolatility(series(21, (i) => (i % 2 === 0 ? 100 : 100.5))).level).toBe('Low'); // ≈ 8.2 %
    expect(realisedVolatility(series(21, (i) => (i % 2 === 0 ? 100 : 102))).level).toBe('High'); // ≈ 32.3 %
  });

  it('is zero, Low, for a flat index', () => {
    expect(realisedVolatility(series(21, () => 100))).toMatchObject({ level: 'Low', percent: 0 });
  });
});
