import { Page } from '@td/ui';
import { screen, waitFor } from '@testing-library/react';
import { renderHost } from '../test-support/render-host';
import { LiveTradingBanner } from './live-trading-banner';

const modeReply = (mode: 'paper' | 'live') => ({
  body: {
    success: true,
    data: {
      trading_mode: mode,
      trading_mode_label: mode,
      live_available: true,
      live_unavailable_reason: null,
    },
  },
});

describe('LIVE TRADING ACTIVE banner', () => {
  it('sits within the content column: inset by the same side padding as the screen below it', async () => {
    renderHost(
      <>
        <LiveTradingBanner />
        <Page data-testid="page" />
      </>,
      { routes: { 'GET /api/trading/mode': modeReply('live') } },
    );
    const banner = (await screen.findByText('LIVE TRADING ACTIVE')).closest<HTMLElement>('[role="alert"]')!;
    expect(banner).toHaveTextContent('Orders are sent to your broker and use real money.');
    const slot = getComputedStyle(banner.parentElement!);
    const page = getComputedStyle(screen.getByTestId('page'));
    expect(page.paddingLeft).not.toBe('');
    expect([slot.paddingLeft, slot.paddingRight]).toEqual([page.paddingLeft, page.paddingRight]);
  });

  it('is not shown in paper mode', async () => {
    const { fake } = renderHost(<LiveTradingBanner />, {
      routes: { 'GET /api/trading/mode': modeReply('paper') },
    });
    await waitFor(() => expect(fake.calls.some((call) => call.path === '/api/trading/mode')).toBe(true));
    expect(screen.queryByText('LIVE TRADING ACTIVE')).not.toBeInTheDocument();
  });
});
