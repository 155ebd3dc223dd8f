import type { PerformancePeriod } from '@td/contracts';

// spec part 2 §2.3 and §8 "Performance", word for word.
export const CONNECTION_ISSUES_TITLE = 'Performance Data Connection Issues';
export const CONNECTION_ISSUES_TEXT =
  'Unable to connect to performance analytics services. Metrics may not be current.';
export const DATA_NOT_AVAILABLE = 'Performance data not available';
export const SERVICE_NOT_CONNECTED = 'Performance service not connected';

/** spec part 2 §2.3: the period selector's labels; `all` reads All Time. */
export const PERIOD_LABELS: Record<PerformancePeriod, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  all: 'All Time',
};
