import type { Logger } from 'pino';
import { BACKGROUND_SLICE_BUDGET_MS, runSliced } from '../../../core/time-slices';
import { Ledger, type LedgerStorage } from '../../broker/ledger';
import { PaperBroker } from '../../broker/paper/paper-broker';
import type { PaperAccountPreparation } from '../../broker/paper-account-preparation';
import { istDateOf } from '../../market/calendar';
import type { MarketDataService } from '../../market/market-data-service';
import { type ReplayFeed, type ReplayLoopPieces, replaySteps, type TradingVenue } from '..';

export interface ReplaySummary {
  sessions: number;
  orders: number;
  rejected: number;
  finalEquityPaise: number;
}

/**
 * A fresh mock install has no trading history, so performance, trades and risk would have nothing
 * to compute from. When the paper ledger is empty, the trading loop replays the simulator's generated
 * past sessions through the paper broker: every order is marked simulated replay, with the fees and
 * P&L the real path computes. In slices of about 2 ms (a replayed minute, a simulated minute), yielding
 * between them, so requests, ticks and orders keep their turn (decision 0043).
 */
export async function replayHistoryIntoEmptyLedger(
  /** The paper ledger's repositories: the replay books through a ledger and paper broker of its own on them. */
  storage: LedgerStorage,
  ledger: Ledger,
  market: MarketDataService,
  logger: Logger,
  /** The live loop's allocation settings and charges model, so the replay sizes as the loop will. */
  loop: Pick<ReplayLoopPieces, 'allocation' | 'chargeRates' | 'signalEdge' | 'gateOnSignalEdge'> = {},
  /** Told the sessions to go before the first yield and each one booked; the caller finishes it. */
  preparation?: Pick<PaperAccountPreparation, 'begin' | 'advance'>,
  /** The server is stopping: the replay ends after the session it is on, before the database closes. */
  signal?: AbortSignal,
): Promise<ReplaySummary | null> {
  if (ledger.orders({ account: 'paper', limit: 1, offset: 0 }).total > 0) return null;
  const summary: ReplaySummary = { sessions: 0, orders: 0, rejected: 0, finalEquityPaise: 0 };
  const dates = market.history.sessionDates;
  preparation?.begin(dates.length);
  for (const date of dates) {
    if (signal?.aborted) return summary;
    const slices = { budgetMs: BACKGROUND_SLICE_BUDGET_MS };
    const barsBySymbol = await runSliced(market.history.sessionBarSteps(date), slices);
    // A session once begun is replayed to its end (a stop waits for it), in slices of a few ms.
    const result = await runSliced(
      replaySteps({
        sessions: [{ date, barsBySymbol }],
        loop,
        venueFactory: (feed) => replayVenue(storage, feed, barsBySymbol),
      }),
      slices,
    );
    summary.sessions++;
    summary.orders += result.orders.length;
    summary.rejected += result.sessions.reduce((sum, session) => sum + session.rejected, 0);
    summary.finalEquityPaise = result.finalEquityPaise;
    preparation?.advance();
  }
  logger.info(
    { ...summary },
    'replayed generated history into the empty paper ledger (marked simulated replay)',
  );
  return summary;
}

export function replayVenue(
  storage: LedgerStorage,
  feed: ReplayFeed,
  bars: Map<string, { volume: number }[]>,
): TradingVenue {
  const ledger = new Ledger(storage, () => feed.now());
  const volumes = new Map(
    [...bars].map(([symbol, series]) => [
      symbol,
      series.reduce((sum, bar) => sum + bar.volume, 0) / Math.max(1, series.length),
    ]),
  );
  const broker = new PaperBroker(
    storage.unitOfWork,
    ledger,
    {
      lastPrice: feed.lastPrice,
      book: () => null,
      typicalMinuteVolume: (symbol) => volumes.get(symbol) ?? 1000,
      isKnownSymbol: (symbol) => bars.has(symbol),
    },
    undefined,
    () => feed.now(),
  );
  const summary = () => {
    const date = istDateOf(feed.now());
    if (ledger.openingEquity('paper', date) === undefined)
      ledger.recordOpeningEquity('paper', date, ledger.equityPaise('paper', feed.lastPrice));
    return ledger.portfolioSummary('paper', feed.lastPrice);
  };
  return {
    submit: (request) => {
      summary();
      return broker.submit({ ...request, account: 'paper', simulatedReplay: true });
    },
    positions: () => ledger.positions('paper'),
    cashPaise: () => ledger.cashPaise('paper'),
    equityPaise: () => ledger.equityPaise('paper', feed.lastPrice),
    lastPrice: feed.lastPrice,
    dayPnlPaise: () => summary().dayChangePaise ?? 0,
  };
}
