/** σ(z) without overflow for large |z|. */
export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** Log loss of probability p for outcome y, with p kept off 0 and 1 so a confident miss costs ~9.2, not ∞. */
export function logLoss(p: number, y: 0 | 1): number {
  const q = Math.min(1 - 1e-4, Math.max(1e-4, p));
  return y === 1 ? -Math.log(q) : -Math.log(1 - q);
}

export function isFiniteArray(values: readonly number[]): boolean {
  for (const value of values) if (!Number.isFinite(value)) return false;
  return true;
}
