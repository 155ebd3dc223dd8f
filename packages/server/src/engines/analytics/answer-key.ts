import type { PerformanceQuery } from '@td/contracts';
import type { LedgerHistory } from './ledger-history';
import type { ReportOptions } from './performance-report';

/** A cached answer's key: the request, the source and the live marks of the open lots it depends on. */
export function answerKey(
  kind: 'analytics' | 'returns',
  query: PerformanceQuery,
  history: LedgerHistory,
  options: ReportOptions,
): string {
  const marks = history.openLots.map((lot) => options.livePrice(lot.symbol) ?? '').join(',');
  return `${kind}|${query.period}|${query.strategy ?? ''}|${query.symbol ?? ''}|${options.source.simulated}|${marks}`;
}
