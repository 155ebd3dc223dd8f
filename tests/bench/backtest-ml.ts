import { generatedHistory, inProcessRunner } from '../../packages/server/src/engines/backtest';
import type { BacktestSettings } from '../../packages/server/src/engines/backtest/backtest-settings';
import { resultView } from '../../packages/server/src/engines/backtest/backtest-view';
import { MarketClock } from '../../packages/server/src/engines/market/calendar';
import { allInstruments } from '../../packages/server/src/engines/market/instruments/instrument-catalog';
import { createSimulatedMarket } from '../../packages/server/src/engines/market/simulated-market';
import { sqlLedgerStorage } from '../../packages/server/src/storage/sql/ledger-storage';
import { openDatabase } from '../../packages/server/src/storage/sqlite/database';
import { metric } from './metric';

/** Sessions before the range the ensemble trains on (ML_TRAINING_SESSIONS), then the replayed range. */
const HISTORY_SESSIONS = 30;
const RANGE_SESSIONS = 10;

/**
 * A backtest with the ML ensemble ranking beside the rules (decision 0058): the same range with the
 * rules alone, with ML at full say reading the news, and without the news, so the news model's value
 * is printed in accuracy and in rupees, measured in one run.
 */
export async function backtestWithMl(): Promise<void> {
  const market = createSimulatedMarket({
    instruments: allInstruments(),
    clock: new MarketClock(),
    seed: 42,
    ticksPerSecond: 1,
    historySessions: HISTORY_SESSIONS,
  });
  const history = generatedHistory({ history: market.history, instruments: allInstruments() });
  const dates = history.sessionDates;
  const range = { from: dates.at(-RANGE_SESSIONS)!, to: dates.at(-1)!, symbols: [] };
  const runner = inProcessRunner({
    history,
    openLedger: () => {
      const db = openDatabase(':memory:');
      return { storage: sqlLedgerStorage(db), close: () => db.close() };
    },
  });
  const runs: [string, BacktestSettings][] = [
    ['rules alone', { signals: 'rules' }],
    ['ML at full say, with news', { signals: 'ml_full', news: true }],
    ['ML at full say, without news', { signals: 'ml_full', news: false }],
    ['ML at its measured say, with news', { signals: 'ml', news: true }],
  ];
  const net = new Map<string, number>();
  for (const [name, settings] of runs) {
    const start = performance.now();
    const outcome = await runner.run({ range, settings }, () => {}, new AbortController().signal);
    const seconds = (performance.now() - start) / 1000;
    if (outcome.status !== 'complete') throw new Error('backtest cancelled');
    const view = resultView(outcome.result);
    net.set(name, view.net_pnl);
    metric(`${name}: ${RANGE_SESSIONS} sessions × ${history.symbols.length} symbols`, seconds, 's', 1);
    metric(`${name}: bars per second (training included)`, outcome.result.bars / seconds, 'bars/s', 0);
    metric(`${name}: net P&L after charges (${view.orders_total} orders)`, view.net_pnl, '₹', 0);
    const ml = view.ml;
    if (!ml) continue;
    console.log(`  say ${ml.say}: ${ml.say_reason}`);
    metric(
      `${name}: ensemble accuracy in the range (${ml.predictions} predictions)`,
      (ml.accuracy ?? 0) * 100,
      '%',
      1,
    );
    metric(`${name}: always-up in the range`, (ml.always_up_accuracy ?? 0) * 100, '%', 1);
    const news = ml.models.find((model) => model.name === 'news_sentiment');
    if (news?.accuracy != null)
      metric(
        `${name}: news model accuracy on its calls (${news.views} calls, ${(news.coverage * 100).toFixed(0)} % coverage, ${ml.headlines} headlines)`,
        news.accuracy * 100,
        '%',
        1,
      );
  }
  const withNews = net.get('ML at full say, with news')!;
  const without = net.get('ML at full say, without news')!;
  metric('news model value: net P&L with news − without (ML at full say)', withNews - without, '₹', 0);
}
