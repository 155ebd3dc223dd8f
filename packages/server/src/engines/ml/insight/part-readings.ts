import type { EnsembleStatus, OnlineLearningStatus, Trade } from '@td/contracts';
import type { Steps } from '../../../core/time-slices';
import type { ModelEngineApi, NewsPipeline } from '../ml-seams';
import type { JudgedCounts } from './health';
import {
  type NewsReading,
  readEnsembleStatus,
  readHeadlines,
  readOnlineLearningStatus,
  readTrades,
  tradeTally,
} from './readings';

// What one insight build reads from the other parts, each with the sentence for why it could not
// (the part is not running, did not answer, or answered in a shape insight cannot read).

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function readNewsPart(
  news: Pick<NewsPipeline, 'headlines'> | null | undefined,
): Promise<{ headlines: NewsReading[]; problem: string | null }> {
  if (!news) return { headlines: [], problem: 'The news pipeline is not running.' };
  try {
    return { headlines: readHeadlines(await news.headlines({ limit: 500 })), problem: null };
  } catch (error) {
    return { headlines: [], problem: `The news pipeline did not answer: ${message(error)}` };
  }
}

export async function readModelsPart(
  models: Pick<ModelEngineApi, 'ensembleStatus' | 'onlineLearningStatus'> | null | undefined,
): Promise<{ ensemble: EnsembleStatus | null; online: OnlineLearningStatus | null; problem: string | null }> {
  let ensemble: EnsembleStatus | null = null;
  let online: OnlineLearningStatus | null = null;
  if (!models) return { ensemble, online, problem: 'The model engine is not running.' };
  try {
    ensemble = readEnsembleStatus(await models.ensembleStatus());
    online = readOnlineLearningStatus(await models.onlineLearningStatus());
    const unreadable = !ensemble || !online;
    return {
      ensemble,
      online,
      problem: unreadable ? 'The model engine answered in a shape insight cannot read.' : null,
    };
  } catch (error) {
    return { ensemble, online, problem: `The model engine did not answer: ${message(error)}` };
  }
}

export function readLedgerPart(trades: (() => readonly Trade[]) | undefined): {
  trades: ReturnType<typeof readTrades>;
  problem: string | null;
} {
  if (!trades) return { trades: readTrades([]), problem: 'The ledger is not connected to the ML service.' };
  try {
    return { trades: readTrades(trades()), problem: null };
  } catch (error) {
    return { trades: readTrades([]), problem: `The ledger could not be read: ${message(error)}` };
  }
}

/** The ledger's orders as steps that hand each page to `visit` and keep none (TradeExport.allTradeSteps). */
export type TradePageSteps = (visit: (page: readonly Trade[]) => void) => Steps<unknown>;

/**
 * readLedgerPart over orders read in steps (the build runs them sliced), counted page by page so no
 * step holds the whole ledger; a failed read is its problem, with nothing of it counted.
 */
export function* ledgerPartSteps(steps: TradePageSteps): Steps<ReturnType<typeof readLedgerPart>> {
  const tally = tradeTally();
  try {
    yield* steps((page) => tally.add(page));
  } catch (error) {
    return readLedgerPart(() => {
      throw error;
    });
  }
  return { trades: tally.result(), problem: null };
}

/** Resolved predictions (right when the direction came true) and closed trades (right when they gained). */
export function judgedCounts(
  ensemble: EnsembleStatus | null,
  trades: ReturnType<typeof readTrades>,
): JudgedCounts {
  const resolved = ensemble?.resolved_predictions ?? 0;
  const correct = Math.round((ensemble?.ensemble_accuracy ?? 0) * resolved);
  const wins = trades.closed.filter((trade) => trade.return > 0).length;
  return { judged: resolved + trades.closed.length, right: correct + wins };
}
