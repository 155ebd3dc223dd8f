import type { Tone } from '@td/ui';

/** spec part 2 §4: connected or active green, disconnected red, anything else Connecting (yellow). */
export function connectionLabel(status: string): { label: string; tone: Tone } {
  if (status === 'connected' || status === 'active') return { label: 'Connected', tone: 'positive' };
  if (status === 'disconnected') return { label: 'Disconnected', tone: 'negative' };
  return { label: 'Connecting', tone: 'warning' };
}

/** The stream key as a title: `simulator_feed` → "Simulator feed". */
export function streamName(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
