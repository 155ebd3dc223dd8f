import type { ModelVote } from './model-types';

export interface EnsembleVote {
  /** Σ wᵢ pᵢ: the weighted probability that the price is higher after the horizon. */
  probability: number;
  direction: 'UP' | 'DOWN';
  /**
   * 0..1: |2p − 1| × agreement, where agreement is the weight share of models leaning the
   * ensemble's way. A coin-flip vote or a split ensemble has low confidence.
   */
  confidence: number;
  agreement: number;
}

export function ensembleVote(votes: readonly ModelVote[], weights: readonly number[]): EnsembleVote {
  let probability = 0;
  let total = 0;
  for (let i = 0; i < votes.length; i++) {
    const p = votes[i]!.probability;
    if (!Number.isFinite(p)) continue;
    probability += weights[i]! * p;
    total += weights[i]!;
  }
  probability = total > 0 ? probability / total : 0.5;
  const direction = probability > 0.5 ? 'UP' : 'DOWN';
  let agreeing = 0;
  for (let i = 0; i < votes.length; i++) {
    const p = votes[i]!.probability;
    if (Number.isFinite(p) && (direction === 'UP' ? p > 0.5 : p < 0.5)) agreeing += weights[i]!;
  }
  const agreement = total > 0 ? agreeing / total : 0;
  return { probability, direction, confidence: Math.abs(2 * probability - 1) * agreement, agreement };
}
