import {
  annualisedMinuteVolatility,
  IndexWindow,
  liquidityBreaker,
  marketDropBreaker,
  volatilityBreaker,
} from './circuit-breakers';

const MINUTE = 60_000;
const T0 = Date.UTC(2026, 0, 5, 4, 0, 0);

describe('market drop breaker', () => {
  it('measures the fall from the highest value of the last hour, and trips only above 3 %', () => {
    const window = new IndexWindow();
    window.add(T0 - 90 * MINUTE, 30_000); // older than the hour: ignored
    window.add(T0, 25_000);
    window.add(T0 + 10 * MINUTE, 25_500);
    window.add(T0 + 40 * MINUTE, 24_750);
    const at40 = marketDropBreaker(window, T0 + 40 * MINUTE);
    expect(at40.value).toBeCloseTo(((25_500 - 24_750) / 25_500) * 100, 10); // 2.94 %
    expect(at40.tripped).toBe(false);
    window.add(T0 + 41 * MINUTE, 24_700);
    const at41 = marketDropBreaker(window, T0 + 41 * MINUTE);
    expect(at41.value).toBeCloseTo((800 / 25_500) * 100, 10); // 3.14 %
    expect(at41.tripped).toBe(true);
    expect(at41.detail).toBe(
      'NIFTY 50 fell 3.14 % within the hour (from 25500.00 to 24700.00), more than the 3 % circuit breaker',
    );
  });

  it('does not trip on a fall that began more than an hour ago', () => {
    const window = new IndexWindow();
    window.add(T0, 26_000);
    window.add(T0 + 61 * MINUTE, 25_000);
    window.add(T0 + 62 * MINUTE, 25_000);
    expect(marketDropBreaker(window, T0 + 62 * MINUTE)).toMatchObject({ value: 0, tripped: false });
  });
});

describe('volatility breaker', () => {
  it('annualises the sample deviation of one-minute log returns over 252 × 375 minutes', () => {
    // Alternating ±0.2 % moves: log returns ±ln(1.002)… their sample deviation × √94,500.
    const closes = [100];
    for (let i = 0; i < 20; i++) closes.push(closes.at(-1)! * (i % 2 ? 1.002 : 0.998));
    const returns = closes.slice(1).map((c, i) => Math.log(c / closes[i]!));
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, r) => a + (r - mean) ** 2, 0) / (returns.length - 1));
    expect(annualisedMinuteVolatility(closes, 15)).toBeCloseTo(sd * Math.sqrt(94_500) * 100, 10);
    expect(annualisedMinuteVolatility(closes, 15)).toBeGreaterThan(60); // 0.2 % a minute is about 61 % a year
    expect(annualisedMinuteVolatility(closes.slice(0, 10), 15)).toBeNull();
  });

  it('trips above 40 % from the window, and says when it has too few minutes', () => {
    const window = new IndexWindow();
    for (let i = 0; i <= 30; i++) window.add(T0 + i * MINUTE, 25_000 * (i % 2 ? 1.003 : 0.997));
    const reading = volatilityBreaker(window, T0 + 30 * MINUTE);
    expect(reading.tripped).toBe(true);
    expect(reading.detail).toMatch(
      /^NIFTY 50 realised volatility is \d+\.\d\d % \(annualised, last 30 one-minute returns\), above the 40 % circuit breaker$/,
    );
    const short = new IndexWindow();
    short.add(T0, 25_000);
    expect(volatilityBreaker(short, T0)).toMatchObject({ value: null, tripped: false });
  });
});

describe('liquidity breaker', () => {
  const reference = Array.from({ length: 45 }, () => 1_000_000);

  it('compares traded value per minute with the average minute before, and trips under 15 %', () => {
    expect(liquidityBreaker(15 * 200_000, 15, reference)).toMatchObject({ value: 20, tripped: false });
    const dry = liquidityBreaker(15 * 100_000, 15, reference);
    expect(dry).toMatchObject({ value: 10, tripped: true });
    expect(dry.detail).toMatch(/^the liquidity ratio is 10\.00 %/);
  });

  it('waits for five recent minutes and half an hour of reference before it reads anything', () => {
    expect(liquidityBreaker(0, 2, reference)).toMatchObject({ value: null, tripped: false });
    expect(liquidityBreaker(0, 15, reference.slice(0, 29))).toMatchObject({ value: null, tripped: false });
  });
});
