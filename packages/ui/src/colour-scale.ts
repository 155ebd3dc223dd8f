import { theme } from './theme';

// One colour scale for the whole product (STYLE.md): every tone, band and status maps here.

export type Tone = 'positive' | 'negative' | 'neutral' | 'warning' | 'info' | 'live';

export function toneColour(tone: Tone): string {
  switch (tone) {
    case 'positive':
      return theme.colors.positive;
    case 'negative':
      return theme.colors.negative;
    case 'warning':
      return theme.colors.warning;
    case 'info':
      return theme.colors.info;
    case 'live':
      return theme.colors.live;
    default:
      return theme.colors.textMuted;
  }
}

/** spec part 1 §2: P&L is green when non-negative, red otherwise; a missing value is neutral. */
export function pnlTone(value: number): 'positive' | 'negative';
export function pnlTone(value: number | null | undefined): 'positive' | 'negative' | 'neutral';
export function pnlTone(value: number | null | undefined): 'positive' | 'negative' | 'neutral' {
  if (typeof value !== 'number' || Number.isNaN(value)) return 'neutral';
  return value >= 0 ? 'positive' : 'negative';
}

export type MlHealthBand = 'excellent' | 'good' | 'fair' | 'needs attention';

/** spec part 1 §9: 0.8 and above excellent, 0.6 good, 0.4 fair, else needs attention. */
export function mlHealthBand(score: number | null | undefined): MlHealthBand {
  if (typeof score !== 'number' || Number.isNaN(score)) return 'needs attention';
  if (score >= 0.8) return 'excellent';
  if (score >= 0.6) return 'good';
  if (score >= 0.4) return 'fair';
  return 'needs attention';
}

export type RiskScoreBand = 'low' | 'medium' | 'high';

/** spec part 1 §9: below 0.3 low, below 0.7 medium, else high. */
export function riskScoreBand(score: number): RiskScoreBand {
  if (score < 0.3) return 'low';
  if (score < 0.7) return 'medium';
  return 'high';
}

const TONE_OF_STATUS: Record<string, Tone> = {
  excellent: 'positive',
  good: 'positive',
  healthy: 'positive',
  connected: 'positive',
  active: 'positive',
  ok: 'positive',
  low: 'positive',
  strong: 'positive',
  fair: 'warning',
  medium: 'warning',
  moderate: 'warning',
  warning: 'warning',
  degraded: 'warning',
  connecting: 'info',
  checking: 'info',
  'needs attention': 'negative',
  high: 'negative',
  critical: 'negative',
  error: 'negative',
  unhealthy: 'negative',
  disconnected: 'negative',
  offline: 'negative',
  weak: 'negative',
};

/** The tone of a health band, a risk band or a service status ('healthy', 'disconnected', …). */
export function healthTone(bandOrStatus: string | null | undefined): Tone {
  return TONE_OF_STATUS[(bandOrStatus ?? '').trim().toLowerCase()] ?? 'neutral';
}

/** The colour of a health band, a risk band or a service status; unknown ones are muted. */
export function healthColour(bandOrStatus: string | null | undefined): string {
  return toneColour(healthTone(bandOrStatus));
}

/** spec part 2 §9: win rate (percent) 60+ green, 40+ yellow, else red. */
export function winRateTone(ratePercent: number): Tone {
  if (ratePercent >= 60) return 'positive';
  if (ratePercent >= 40) return 'warning';
  return 'negative';
}

/**
 * A P&L heat colour: green for a gain, red for a loss, more opaque the larger it is against the
 * largest move shown (`scale`); at least a faint tint so a small move is still visible. Zero is muted.
 */
export function pnlHeatColour(value: number, scale: number): string {
  if (!Number.isFinite(value) || value === 0 || !(scale > 0)) return `${theme.colors.textMuted}33`;
  const strength = Math.min(1, Math.abs(value) / scale);
  const alpha = Math.round((0.2 + 0.8 * strength) * 255);
  return `${toneColour(pnlTone(value))}${alpha.toString(16).padStart(2, '0')}`;
}
