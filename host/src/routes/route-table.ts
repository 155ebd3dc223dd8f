import type { RemoteName } from '@td/contracts';

export interface Screen {
  path: string;
  remote: RemoteName;
  /** The section's name, used by its fallback and loading texts. */
  section: string;
}

/** spec part 1 §2 "Route table": each guarded route and the remote that renders it. */
export const SCREENS: Screen[] = [
  { path: '/', remote: 'trading', section: 'Dashboard' },
  { path: '/dashboard', remote: 'trading', section: 'Dashboard' },
  { path: '/portfolio', remote: 'trading', section: 'Portfolio' },
  { path: '/research', remote: 'analytics', section: 'Research' },
  { path: '/performance', remote: 'analytics', section: 'Performance' },
  { path: '/trades', remote: 'trading', section: 'Trades' },
  { path: '/risk', remote: 'analytics', section: 'Risk Management' },
  { path: '/settings', remote: 'analytics', section: 'Settings' },
  { path: '/allocation', remote: 'analytics', section: 'Daily Allocation' },
  { path: '/admin/allocation', remote: 'analytics', section: 'Daily Allocation' },
  { path: '/paper-trading', remote: 'trading', section: 'Paper Trading' },
  { path: '/ml-intelligence', remote: 'ml', section: 'ML Intelligence' },
  { path: '/auto-scaling', remote: 'infra', section: 'Auto-Scaling' },
  { path: '/production-scaling', remote: 'infra', section: 'Production Scaling' },
  { path: '/tick-streaming', remote: 'infra', section: 'Tick Streaming' },
];

/** spec part 1 §2 "Shell": the sidebar's thirteen links, in this order. */
export const SIDEBAR_LINKS = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Portfolio', to: '/portfolio' },
  { label: 'Research', to: '/research' },
  { label: 'Performance', to: '/performance' },
  { label: 'Trades', to: '/trades' },
  { label: 'Daily Allocation', to: '/allocation' },
  { label: 'Paper Trading', to: '/paper-trading' },
  { label: 'Risk Management', to: '/risk' },
  { label: 'ML Intelligence', to: '/ml-intelligence' },
  { label: 'Production Scaling', to: '/production-scaling' },
  { label: 'Tick Streaming', to: '/tick-streaming' },
  { label: 'Auto-Scaling', to: '/auto-scaling' },
  { label: 'Settings', to: '/settings' },
] as const;
