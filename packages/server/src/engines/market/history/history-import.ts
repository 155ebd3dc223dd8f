import type {
  HistoryCoverageEntry,
  HistoryImportRequest,
  HistoryImportResult,
  HistoryInterval,
} from '@td/contracts';
import { HttpError } from '../../../core/errors';
import type {
  HistoricalBar,
  HistoricalBarsQuery,
  HistoricalCandlesRepository,
} from '../../../core/ports/repositories/historical-candles';
import type { UnitOfWork } from '../../../core/ports/unit-of-work';
import { runSliced } from '../../../core/time-slices';
import { MarketClock } from '../calendar';
import { isKnownSymbol } from '../instruments';
import { type HistoryCsvRules, historyCsvSteps, type RowProblem } from './history-csv';

/** The refused lines a reply lists; the count says how many more there were. */
const LISTED_PROBLEMS = 50;

export interface HistoryStoreDeps {
  candles: HistoricalCandlesRepository;
  unitOfWork: UnitOfWork;
  /** Tests may narrow the catalogue or the calendar; the defaults are the instruments list and NSE's. */
  rules?: HistoryCsvRules;
}

const clock = new MarketClock();
const defaultRules: HistoryCsvRules = { isKnownSymbol, isTradingDay: (date) => clock.isTradingDay(date) };

/** The real bars backtests run over: CSV imports, Upstox fetches and the coverage summary. */
export class HistoryStore {
  private readonly rules: HistoryCsvRules;

  constructor(private readonly deps: HistoryStoreDeps) {
    this.rules = deps.rules ?? defaultRules;
  }

  /**
   * A whole file in one transaction: any refused line and nothing is stored (docs/history-import.md).
   * The file is read in time slices; the bars are written in one synchronous transaction.
   */
  async importCsv(request: HistoryImportRequest): Promise<HistoryImportResult> {
    const interval: HistoryInterval = request.format === 'nse-bhavcopy' ? 'day' : request.interval!;
    const reading = await runSliced(historyCsvSteps(request.csv, request.format, interval, this.rules));
    if (reading.problems.length > 0) throw refusedFile(reading.problems);
    if (reading.bars.length === 0) {
      throw new HttpError(
        422,
        'Nothing was imported: the file has no EQ rows of stocks in the instruments list.',
        'history_nothing_to_import',
      );
    }
    this.store(reading.bars);
    return {
      format: request.format,
      interval,
      imported: reading.bars.length,
      skipped: reading.skipped,
      symbols: [...new Set(reading.bars.map((bar) => bar.symbol))].sort(),
    };
  }

  /** Stores bars together: all of them or, if any write fails, none. */
  store(bars: readonly HistoricalBar[]): void {
    this.deps.unitOfWork.run(() => this.deps.candles.save(bars));
  }

  bars(query: HistoricalBarsQuery): HistoricalBar[] {
    return this.deps.candles.bars(query);
  }

  coverage(): HistoryCoverageEntry[] {
    return this.deps.candles.coverage().map((entry) => ({
      symbol: entry.symbol,
      interval: entry.interval,
      first: new Date(entry.firstMs).toISOString(),
      last: new Date(entry.lastMs).toISOString(),
      count: entry.count,
    }));
  }
}

function refusedFile(problems: readonly RowProblem[]): HttpError {
  const first = problems[0]!;
  const more =
    problems.length > 1 ? ` (and ${problems.length - 1} more refused lines, listed in problems)` : '';
  return new HttpError(
    422,
    `Nothing was imported: line ${first.line}: ${first.message}${more}. Fix the file and import it again.`,
    'history_rows_refused',
    { problems: problems.slice(0, LISTED_PROBLEMS), refusedLines: problems.length },
  );
}
