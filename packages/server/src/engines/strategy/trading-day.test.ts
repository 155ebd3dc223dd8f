import { phaseForCapital } from './phases';
import { TradingDay } from './trading-day';

describe('TradingDay budget', () => {
  const equity = 10_00_000_00; // ₹10 L
  const settings = { strategy: 'aggressive' as const };

  it('is capped by the risk budget at the stop-loss a backtest set, not only the phase’s own', () => {
    const phaseStop = phaseForCapital(equity / 100).emergencyStopLossPercent;
    const own = new TradingDay('2026-01-27', equity).budget(settings);
    const wideStop = new TradingDay('2026-01-27', equity, {
      emergencyStopLossPercent: phaseStop * 10,
    }).budget(settings);
    // The same risk budget spread over a stop ten times as far buys a tenth as much.
    expect(wideStop.limitedByRisk).toBe(true);
    expect(wideStop.budgetPaise).toBe(Math.floor((wideStop.maxRiskPaise * 100) / (phaseStop * 10)));
    expect(wideStop.budgetPaise).toBeLessThan(own.budgetPaise);
  });
});
