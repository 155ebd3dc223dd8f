import { SqlLedgerReadRepository } from '../../storage/sql/ledger-read-repository';
import { sqlLedgerStorage } from '../../storage/sql/ledger-storage';
import { SqlSettingsRepository } from '../../storage/sql/settings-repository';
import { openDatabase } from '../../storage/sqlite/database';
import { MarketClock } from '../market/calendar';
import { LossWindows } from '../safety/loss-windows';
import { RiskLimitsService } from '../safety/risk-limits-service';
import { Ledger } from './ledger';
import { LiveVenue } from './live/live-venue';
import { type LiveBrokerHarness, liveBrokerHarness } from './live/test-support/live-broker-harness';
import { LiveDayOpenings } from './live-day-openings';

/** hh:mm IST on a January 2026 day, epoch ms. */
const jan = (day: number, hours: number, minutes = 0) => Date.UTC(2026, 0, day, hours - 5, minutes - 30);
const RUPEE = 100;

/**
 * The live account over several days against the fake Upstox: 100 RELIANCE held (bought at ₹2,500)
 * and ₹2,50,000 of cash, the price falling ₹50 a session.
 */
async function liveAccount() {
  const h: LiveBrokerHarness = await liveBrokerHarness();
  h.fake.availableMarginRupees = 250_000;
  h.fake.holdings = [
    {
      instrument_token: 'NSE_EQ|INE002A01018',
      quantity: 100,
      average_price: 2_500,
      trading_symbol: 'RELIANCE',
    },
  ];
  const db = openDatabase(':memory:');
  const now = () => h.clock.now();
  const ledger = new Ledger(sqlLedgerStorage(db), now);
  const price: { mark: number | null; previousClose: number | null } = { mark: null, previousClose: null };
  let openings: LiveDayOpenings | null = null;
  const venue = new LiveVenue({
    broker: h.broker,
    marks: () => (price.mark === null ? undefined : price.mark * RUPEE),
    previousClose: () => (price.previousClose === null ? undefined : price.previousClose * RUPEE),
    dayOpening: () => openings?.today(),
    now,
  });
  openings = new LiveDayOpenings({
    ledger,
    venue,
    calendar: new MarketClock(),
    now,
  });
  const limits = new RiskLimitsService({
    settings: new SqlSettingsRepository(db),
    lossWindows: new LossWindows(new SqlLedgerReadRepository(db), now),
    capitalPaise: () => venue.equityPaise() - venue.dayPnlPaise(),
    sectorOf: () => undefined,
  });
  /** The trader signs in to Upstox each morning (a session ends at 03:30 IST), then the venue reads the account. */
  const readAt = async (ts: number, mark: number | null, previousClose: number | null) => {
    h.clock.t = ts;
    const state = new URL(h.account.authorizationUrl()).searchParams.get('state')!;
    await h.account.completeAuthorization('code-1', state);
    price.mark = mark;
    price.previousClose = previousClose;
    expect(await venue.refresh()).toBe(true);
  };
  const losses = () =>
    limits.lossPosition('live', {
      cashPaise: venue.cashPaise(),
      equityPaise: venue.equityPaise(),
      dayPnlPaise: venue.dayPnlPaise(),
      positions: new Map(),
    });
  return { h, ledger, venue, openings, readAt, losses, close: () => h.fake.close() };
}

describe("the live account's daily openings", () => {
  let account: Awaited<ReturnType<typeof liveAccount>>;
  beforeEach(async () => {
    account = await liveAccount();
  });
  afterEach(() => account.close());

  it('record the first reading of each trading day and measure the week and the month from them', async () => {
    const { ledger, venue, readAt, losses } = account;
    // Thu 8 Jan: RELIANCE closed at ₹2,500 on Wednesday. Opening = ₹2,50,000 + 100 × ₹2,500 = ₹5,00,000.
    await readAt(jan(8, 9, 20), 2_500, 2_500);
    expect(venue.dayPnlPaise()).toBe(0);
    // The afternoon's reading at ₹2,450 does not move the opening: day P&L = 100 × −₹50.
    await readAt(jan(8, 14), 2_450, 2_500);
    expect(venue.dayPnlPaise()).toBe(-5_000 * RUPEE);
    // Fri 9 Jan: ₹2,50,000 + 100 × ₹2,450 = ₹4,95,000.
    await readAt(jan(9, 9, 20), 2_450, 2_450);
    // Sat 10 Jan: no session, so no opening (the weekend's price is Friday's close).
    await readAt(jan(10, 11), 2_400, 2_450);
    expect(venue.dayPnlPaise()).toBe(-5_000 * RUPEE); // the estimate, 100 × (₹2,400 − ₹2,450)
    // Mon 12 Jan: ₹4,90,000; Tue 13 Jan: ₹4,85,000, and by the afternoon the price is ₹2,300.
    await readAt(jan(12, 9, 20), 2_400, 2_400);
    await readAt(jan(13, 9, 20), 2_350, 2_350);
    await readAt(jan(13, 14), 2_300, 2_350);

    const opening = (date: string) => ledger.openingEquity('live', date);
    expect(['2026-01-08', '2026-01-09', '2026-01-10', '2026-01-12', '2026-01-13'].map(opening)).toEqual([
      500_000 * RUPEE,
      495_000 * RUPEE,
      undefined,
      490_000 * RUPEE,
      485_000 * RUPEE,
    ]);
    // Equity now ₹4,80,000: the day lost ₹5,000 (from ₹4,85,000), the week ₹10,000 (from Monday's
    // ₹4,90,000), the month ₹20,000 (from the first opening in January, ₹5,00,000 on the 8th), and the
    // drawdown from the 30-day peak opening is ₹20,000 / ₹5,00,000 = 4 %.
    expect(venue.equityPaise()).toBe(480_000 * RUPEE);
    expect(losses()).toEqual({
      capitalPaise: 485_000 * RUPEE,
      dailyLossPaise: 5_000 * RUPEE,
      weeklyLossPaise: 10_000 * RUPEE,
      monthlyLossPaise: 20_000 * RUPEE,
      drawdownPercent: 4,
    });
  });

  it('wait for a snapshot taken today: an Upstox reading from yesterday is not an opening', async () => {
    const { h, ledger, venue, openings, readAt } = account;
    await readAt(jan(12, 15), 2_400, 2_450);
    h.clock.t = jan(13, 9, 10); // Tuesday morning, before the first refresh of the day
    expect(openings.today()).toBeUndefined();
    expect(ledger.openingEquity('live', '2026-01-13')).toBeUndefined();
    await readAt(jan(13, 9, 20), 2_400, 2_400);
    expect(openings.today()).toBe(490_000 * RUPEE);
    expect(venue.dayPnlPaise()).toBe(0);
  });

  it('wait for the pre-open: a reading at 08:30 may carry the day before yesterday’s close', async () => {
    const { ledger, openings, readAt } = account;
    await readAt(jan(13, 8, 30), 2_400, 2_450);
    expect(openings.today()).toBeUndefined();
    await readAt(jan(13, 9, 5), 2_400, 2_400);
    expect(ledger.openingEquity('live', '2026-01-13')).toBe(490_000 * RUPEE);
  });

  it('wait for a price of every holding: an unpriced holding would be valued at cost', async () => {
    const { ledger, readAt } = account;
    await readAt(jan(13, 9, 20), null, null);
    expect(ledger.openingEquity('live', '2026-01-13')).toBeUndefined();
    await readAt(jan(13, 9, 21), 2_410, 2_400); // marked from yesterday's close: ₹2,50,000 + ₹2,40,000
    expect(ledger.openingEquity('live', '2026-01-13')).toBe(490_000 * RUPEE);
  });

  it('measure a share bought today from its cost, not from yesterday’s close', async () => {
    const { h, venue, readAt } = account;
    await readAt(jan(12, 9, 20), 2_400, 2_400);
    // 10 more bought at ₹2,450 (₹24,500 out of cash); the price is still ₹2,450: nothing gained or lost
    // beyond the 100 held shares' ₹50 (₹5,000). The estimate counted the new shares from ₹2,400 too.
    h.fake.availableMarginRupees = 250_000 - 24_500;
    h.fake.positions = [
      {
        instrument_token: 'NSE_EQ|INE002A01018',
        trading_symbol: 'RELIANCE',
        quantity: 10,
        day_buy_quantity: 10,
        day_buy_value: 24_500,
        realised: 0,
      } as (typeof h.fake.positions)[number],
    ];
    await readAt(jan(12, 11), 2_450, 2_400);
    expect(venue.estimatedDayPnlPaise()).toBe(5_500 * RUPEE);
    expect(venue.dayPnlPaise()).toBe(5_000 * RUPEE);
  });
});
