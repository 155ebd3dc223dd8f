import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SqlPredictionsRepository } from '../../../storage/sql/predictions-repository';
import { type Db, openDatabase } from '../../../storage/sqlite/database';
import type { Candle } from '../../market/market-types';
import { SeededRandom } from '../../market/simulator/seeded-random';
import { HORIZON_MINUTES } from './features';
import { ModelEngine, priceAtHorizon } from './model-engine';

const SYMBOLS = ['RELIANCE', 'TCS', 'INFY', 'HDFCBANK', 'ITC'];
const START = Date.UTC(2026, 0, 5, 3, 45); // 09:15 IST
const MINUTE = 60_000;

/** A small market: random-walk minute bars per symbol, grown a minute at a time. */
class FakeMarket {
  readonly bars = new Map<string, Candle[]>(SYMBOLS.map((s) => [s, []]));
  private readonly random = new SeededRandom(42);

  grow(minutes: number): void {
    for (let m = 0; m < minutes; m++) {
      for (const symbol of SYMBOLS) {
        const series = this.bars.get(symbol)!;
        const open = series.at(-1)?.close ?? 100_000;
        const close = Math.round(open * Math.exp(0.002 * this.random.normal()));
        const openTime = START + series.length * MINUTE;
        series.push({
          symbol,
          interval: '1m',
          openTime,
          open,
          close,
          high: Math.max(open, close),
          low: Math.min(open, close),
          volume: 1000,
          source: 'simulator',
        });
      }
    }
  }

  get now(): number {
    return START + this.bars.get(SYMBOLS[0]!)!.length * MINUTE;
  }
}

const universeOf = (market: FakeMarket) =>
  SYMBOLS.map((symbol) => ({ symbol, bars: market.bars.get(symbol)! }));

function engineOn(db: Db, market: FakeMarket) {
  return new ModelEngine({
    predictions: new SqlPredictionsRepository(db),
    universe: () => universeOf(market),
    minuteBars: (symbol) => market.bars.get(symbol) ?? [],
    previousClose: () => 100_000,
    sectorOf: () => 'Energy',
    now: () => market.now,
  });
}

describe('ML model engine', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-engine-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('records one prediction per symbol per new bar, resolves it after the horizon and learns from it', () => {
    const db = openDatabase(':memory:');
    const market = new FakeMarket();
    market.grow(20);
    const engine = engineOn(db, market);
    expect(engine.tick()).toEqual({ resolved: 0, expired: 0, recorded: 0 }); // 20 bars: not enough
    market.grow(50);
    expect(engine.tick().recorded).toBe(SYMBOLS.length);
    expect(engine.tick().recorded).toBe(0); // no new bar, no new prediction

    market.grow(HORIZON_MINUTES);
    const cycle = engine.tick();
    expect(cycle.resolved).toBe(SYMBOLS.length);
    expect(cycle.recorded).toBe(SYMBOLS.length);

    const status = engine.ensembleStatus();
    expect(status).toMatchObject({ total_predictions: 10, resolved_predictions: 5, model_rebalances: 1 });
    expect(Object.keys(status.models)).toHaveLength(6);
    const weights = Object.values(status.models).map((m) => m.weight);
    expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(status.ensemble_accuracy).not.toBeNull();

    const resolved = engine.predictions({ limit: 100 }).filter((p) => p.resolved_at !== null);
    expect(resolved).toHaveLength(5);
    for (const p of resolved) {
      const bars = market.bars.get(p.symbol)!;
      // The outcome is the close of the bar ending exactly at the horizon.
      const atHorizon = bars.find((bar) => bar.openTime + MINUTE === Date.parse(p.due_at))!;
      expect(p.outcome_price).toBe(atHorizon.close / 100);
      expect(p.correct).toBe((p.direction === 'up') === atHorizon.close > p.price * 100);
    }
    expect(engine.onlineLearningStatus()).toMatchObject({ total_updates: 6, is_updating: false });
  });

  it('explains a prediction exactly: base value plus contributions is the logit', () => {
    const db = openDatabase(':memory:');
    const market = new FakeMarket();
    market.grow(70);
    const engine = engineOn(db, market);
    engine.tick();
    for (let i = 0; i < 3; i++) {
      market.grow(HORIZON_MINUTES);
      engine.tick();
    }
    const explanation = engine.explain('TCS')!;
    expect(explanation.symbol).toBe('TCS');
    const sum = explanation.contributions.reduce(
      (total, c) => total + c.contribution,
      explanation.base_value,
    );
    expect(sum).toBeCloseTo(explanation.logit, 12);
    expect(explanation.top_reasons.length).toBeGreaterThan(0);
    expect(engine.explain(explanation.prediction_id)!.prediction_id).toBe(explanation.prediction_id);
    expect(engine.explain('NOSUCH')).toBeNull();
    expect(engine.explainabilityStatus()).toMatchObject({
      cache_size: SYMBOLS.length,
      total_explanations: 20,
    });
  });

  it('keeps the models, weights and counters across a restart', () => {
    const file = path.join(dir, 'trading.db');
    const market = new FakeMarket();
    market.grow(70);
    let db = openDatabase(file);
    const first = engineOn(db, market);
    first.tick();
    for (let i = 0; i < 4; i++) {
      market.grow(HORIZON_MINUTES);
      first.tick();
    }
    const ensemble = first.ensembleStatus();
    const learning = first.onlineLearningStatus();
    const probe = first.predict(universeOf(market), market.now);
    db.close();

    db = openDatabase(file);
    const second = engineOn(db, market);
    expect(second.ensembleStatus()).toEqual(ensemble);
    expect(second.onlineLearningStatus()).toEqual(learning);
    expect(second.predict(universeOf(market), market.now)).toEqual(probe);
    expect(second.tick().recorded).toBe(0); // the newest bar was predicted before the restart
    db.close();
  });

  it('resolves against the bar at the horizon, and waits while no bar has ended since the prediction', () => {
    const bar = (minute: number, close: number): Candle => ({
      symbol: 'X',
      interval: '1m',
      openTime: START + minute * MINUTE,
      open: close,
      high: close,
      low: close,
      close,
      volume: 1,
      source: 'simulator',
    });
    const made = { madeAt: START + 10 * MINUTE, dueAt: START + 40 * MINUTE };
    expect(priceAtHorizon([bar(9, 100)], made)).toBeNull();
    expect(priceAtHorizon([bar(9, 100), bar(20, 105)], made)).toBe(105); // the session ended early
    expect(priceAtHorizon([bar(9, 100), bar(39, 107), bar(40, 111)], made)).toBe(107);
  });
});
