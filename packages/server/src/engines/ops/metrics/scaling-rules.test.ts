import { type CpuSample, evaluateScalingRules } from './scaling-rules';

const MINUTE = 60_000;
const T0 = Date.parse('2026-01-05T04:00:00Z');

/** One sample a minute from T0, each at the given CPU. */
const series = (...cpus: number[]): CpuSample[] => cpus.map((cpu, i) => ({ at: T0 + i * MINUTE, cpu }));
const repeat = (cpu: number, times: number) => Array.from({ length: times }, () => cpu);

describe('evaluateScalingRules', () => {
  it('does not scale up while CPU has held 86 % for 14 minutes', () => {
    const decision = evaluateScalingRules(series(50, ...repeat(86, 15)), 1);
    expect(decision).toMatchObject({ action: 'hold', desired_instances: 1, above_for_seconds: 14 * 60 });
    expect(decision.reason).toBe('CPU above 85% for 14 min; scales up at 15 min.');
  });

  it('scales up once CPU has held 86 % for 15 minutes', () => {
    const decision = evaluateScalingRules(series(50, ...repeat(86, 16)), 1);
    expect(decision).toMatchObject({ action: 'scale_up', desired_instances: 2, above_for_seconds: 15 * 60 });
  });

  it('restarts the clock when CPU dips to 85 % or below', () => {
    const decision = evaluateScalingRules(series(...repeat(90, 10), 85, ...repeat(90, 10)), 1);
    expect(decision).toMatchObject({ action: 'hold', above_for_seconds: 9 * 60 });
  });

  it('never goes past 2 instances', () => {
    const decision = evaluateScalingRules(series(...repeat(99, 30)), 2);
    expect(decision).toMatchObject({ action: 'hold', current_instances: 2, desired_instances: 2 });
    expect(decision.reason).toMatch(/maximum of 2 instances/);
  });

  it('scales down after 10 minutes below 30 %, not after 9', () => {
    expect(evaluateScalingRules(series(60, ...repeat(20, 10)), 2)).toMatchObject({
      action: 'hold',
      below_for_seconds: 9 * 60,
    });
    expect(evaluateScalingRules(series(60, ...repeat(20, 11)), 2)).toMatchObject({
      action: 'scale_down',
      desired_instances: 1,
      below_for_seconds: 10 * 60,
    });
  });

  it('does not scale below one instance', () => {
    const decision = evaluateScalingRules(series(...repeat(5, 20)), 1);
    expect(decision).toMatchObject({ action: 'hold', desired_instances: 1 });
    expect(decision.reason).toMatch(/minimum of 1 instance/);
  });

  it('holds with no samples and between the thresholds', () => {
    expect(evaluateScalingRules([], 1)).toMatchObject({ action: 'hold', reason: 'No CPU samples yet.' });
    expect(evaluateScalingRules(series(50, 55), 1)).toMatchObject({
      action: 'hold',
      above_for_seconds: 0,
      below_for_seconds: 0,
    });
  });
});
