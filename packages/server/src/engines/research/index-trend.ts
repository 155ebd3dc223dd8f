export type TrendDirection = 'Uptrend' | 'Downtrend' | 'Sideways';

/** Sessions in the moving average the trend is read against. */
export const TREND_MEAN_SESSIONS = 20;
/** Sessions over which the moving average's slope is measured. */
export const TREND_SLOPE_SESSIONS = 5;
/** How far (percent) the close must sit from its mean to count as a trend, not noise. */
export const TREND_BAND_PERCENT = 1;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * Uptrend: the last close is more than 1 % above its 20-session mean and that mean is higher than
 * 5 sessions ago; Downtrend the mirror; anything else Sideways. With fewer than 25 closes there is
 * no honest reading: Sideways, and the basis says why.
 */
export function indexTrend(closes: readonly number[]): { direction: TrendDirection; basis: string } {
  const needed = TREND_MEAN_SESSIONS + TREND_SLOPE_SESSIONS;
  if (closes.length < needed) {
    return {
      direction: 'Sideways',
      basis: `NIFTY 50 has ${closes.length} daily closes; a trend needs ${needed}, so none is claimed`,
    };
  }
  const last = closes[closes.length - 1]!;
  const meanNow = mean(closes.slice(-TREND_MEAN_SESSIONS));
  const meanBefore = mean(closes.slice(-needed, -TREND_SLOPE_SESSIONS));
  const distance = ((last - meanNow) / meanNow) * 100;
  const slope = ((meanNow - meanBefore) / meanBefore) * 100;
  const direction: TrendDirection =
    distance > TREND_BAND_PERCENT && slope > 0
      ? 'Uptrend'
      : distance < -TREND_BAND_PERCENT && slope < 0
        ? 'Downtrend'
        : 'Sideways';
  return {
    direction,
    basis: `NIFTY 50 ${last.toFixed(2)} is ${distance.toFixed(2)} % from its ${TREND_MEAN_SESSIONS}-session mean, which moved ${slope.toFixed(2)} % over ${TREND_SLOPE_SESSIONS} sessions; a trend needs beyond ±${TREND_BAND_PERCENT} % with the mean moving the same way`,
  };
}
