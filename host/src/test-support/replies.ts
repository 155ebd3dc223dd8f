/**
 * Server answers more than one host test needs, in the shape createFakeApi's routes take. The
 * portfolio overview: the top bar shows it, and bootstrap prefetches it for the dashboard.
 */
export const portfolioOverviewReply = (dayChange = 1200) => ({
  body: {
    success: true,
    trading_mode: 'paper',
    trading_mode_label: 'Paper Trading',
    data: {
      portfolio_value: 1234567.4,
      total_value: 1234567.4,
      day_change: dayChange,
      day_change_percent: 0.1,
      active_positions: 3,
      total_returns: 234567,
      total_returns_percent: 23.4,
      available_balance: 900000,
      invested_amount: 334567,
    },
  },
});

/** The remote registry naming one remote at version 1.0.0 on the test CDN. */
export const registryReplyWith = (remote: string) => ({
  body: {
    success: true,
    data: {
      updated_at: '2026-01-05T04:00:00.000Z',
      remotes: {
        [remote]: { manifest_url: `http://cdn.test/mf-${remote}/1.0.0/mf-manifest.json`, version: '1.0.0' },
      },
    },
  },
});
