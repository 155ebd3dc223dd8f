import { SCALING_RULES, type ScalingDecision } from '@td/contracts';

export interface CpuSample {
  /** Epoch ms. */
  at: number;
  /** Percent, 0–100. */
  cpu: number;
}

export type ScalingRules = typeof SCALING_RULES;

/**
 * How long the latest run of samples has met `holds`, from its first sample to the newest one,
 * in ms; 0 when the newest sample does not meet it.
 */
function heldFor(samples: readonly CpuSample[], holds: (cpu: number) => boolean): number {
  const last = samples.at(-1);
  if (!last || !holds(last.cpu)) return 0;
  let start = last.at;
  for (let i = samples.length - 1; i >= 0 && holds(samples[i]!.cpu); i--) start = samples[i]!.at;
  return last.at - start;
}

/**
 * spec part 2 §9: up when CPU is above 85 % for 15 minutes, down when below 30 % for 10 minutes,
 * at most 2 instances. Samples are oldest first; the window must reach back at least 15 minutes.
 */
export function evaluateScalingRules(
  samples: readonly CpuSample[],
  currentInstances: number,
  rules: ScalingRules = SCALING_RULES,
): ScalingDecision {
  const above = heldFor(samples, (cpu) => cpu > rules.scaleUpAbovePercent);
  const below = heldFor(samples, (cpu) => cpu < rules.scaleDownBelowPercent);
  const upAfter = rules.scaleUpForMinutes * 60_000;
  const downAfter = rules.scaleDownForMinutes * 60_000;
  const base = {
    current_instances: currentInstances,
    above_for_seconds: Math.round(above / 1000),
    below_for_seconds: Math.round(below / 1000),
  };
  const minutes = (ms: number) => {
    const [whole, seconds] = [Math.floor(ms / 60_000), Math.round((ms % 60_000) / 1000)];
    if (whole === 0) return `${seconds} s`;
    return seconds === 0 ? `${whole} min` : `${whole} min ${seconds} s`;
  };
  if (samples.length === 0) {
    return { ...base, action: 'hold', desired_instances: currentInstances, reason: 'No CPU samples yet.' };
  }
  if (above >= upAfter) {
    if (currentInstances >= rules.maxInstances) {
      return {
        ...base,
        action: 'hold',
        desired_instances: currentInstances,
        reason: `CPU above ${rules.scaleUpAbovePercent}% for ${minutes(above)}, but already at the maximum of ${rules.maxInstances} instances.`,
      };
    }
    return {
      ...base,
      action: 'scale_up',
      desired_instances: currentInstances + 1,
      reason: `CPU above ${rules.scaleUpAbovePercent}% for ${minutes(above)} (rule: ${rules.scaleUpForMinutes} min).`,
    };
  }
  if (below >= downAfter && currentInstances > rules.minInstances) {
    return {
      ...base,
      action: 'scale_down',
      desired_instances: currentInstances - 1,
      reason: `CPU below ${rules.scaleDownBelowPercent}% for ${minutes(below)} (rule: ${rules.scaleDownForMinutes} min).`,
    };
  }
  const reason =
    above > 0
      ? `CPU above ${rules.scaleUpAbovePercent}% for ${minutes(above)}; scales up at ${rules.scaleUpForMinutes} min.`
      : below >= downAfter
        ? `CPU below ${rules.scaleDownBelowPercent}% for ${minutes(below)}; already at the minimum of ${rules.minInstances} instance.`
        : below > 0
          ? `CPU below ${rules.scaleDownBelowPercent}% for ${minutes(below)}; scales down at ${rules.scaleDownForMinutes} min.`
          : `CPU between ${rules.scaleDownBelowPercent}% and ${rules.scaleUpAbovePercent}%: no rule applies.`;
  return { ...base, action: 'hold', desired_instances: currentInstances, reason };
}
