import type { DataSourceStatus, TokenState } from '@td/contracts';
import type { Tone } from '@td/ui';

/** spec part 2 §4 "Token status": each state's label, colour, icon and action button text. */
export const TOKEN_LABELS: Record<TokenState, { label: string; tone: Tone; icon: string; action: string }> = {
  missing: { label: 'No token', tone: 'neutral', icon: '○', action: 'Add Token' },
  valid: { label: 'Token valid', tone: 'positive', icon: '✓', action: 'Edit Token' },
  expiring: { label: 'Expiring soon', tone: 'warning', icon: '⏳', action: 'Update Soon' },
  expired: { label: 'Token expired', tone: 'negative', icon: '✕', action: 'Update Now' },
  invalid: { label: 'Invalid token', tone: 'negative', icon: '!', action: 'Update Now' },
};

/** spec part 2 §2.1: the red banner's sentence for a token that needs attention. */
export function tokenBannerText(state: TokenState): string | null {
  if (state === 'expired')
    return 'Your Upstox access token has expired: portfolio data is showing fallback values until you update it.';
  if (state === 'expiring')
    return 'Your Upstox access token expires in under 2 hours. Update it to keep live data flowing.';
  if (state === 'invalid')
    return 'The saved Upstox access token cannot be read. Paste a fresh token from Upstox.';
  return null;
}

/** spec part 2 §4 "Data source status": each with a colour. */
export const SOURCE_STATUS_TONES: Record<DataSourceStatus, Tone> = {
  connected: 'positive',
  disconnected: 'negative',
  disabled: 'neutral',
  available: 'info',
  pending: 'warning',
  validating: 'warning',
};
