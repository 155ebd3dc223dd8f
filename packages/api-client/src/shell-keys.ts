/** The shell's query keys; other hooks invalidate them after a write. */
export const shellKeys = {
  quickStats: ['quick-stats'] as const,
  engineStatus: ['engines', 'status'] as const,
  portfolioOverview: ['portfolio', 'overview'] as const,
  tradingMode: ['trading', 'mode'] as const,
};
