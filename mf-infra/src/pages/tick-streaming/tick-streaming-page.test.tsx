import type { TickStreamingDashboard } from '@td/contracts';
import { NETWORK_DOWN, renderRemote, reply } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { TickStreamingPage } from './tick-streaming-page';

const DASHBOARD = 'GET /api/tick-streaming/dashboard';
const ok = (data: unknown) => reply(200, { success: true, data });

const dashboard = (overrides: Partial<TickStreamingDashboard> = {}): TickStreamingDashboard => ({
  connection_status: 'connected',
  source: 'simulator',
  websocket_health: {
    simulator_feed: { active: true, mode: 'full', symbols: 59 },
    upstox_feed: { active: false, mode: 'none', symbols: 0 },
    yahoo_feed: { active: false, mode: 'none', symbols: 0 },
    dashboard_clients: { active: true, mode: 'json', symbols: 4 },
  },
  health: {
    ticks_per_minute: 1200,
    latency_ms: 3,
    latency_p99_ms: 9,
    is_streaming: true,
    is_connected: true,
    error_rate: 0,
    memory_usage_mb: 180.5,
    overall_status: 'healthy',
    last_tick_time: '2026-01-05T04:00:00.000Z',
    message: 'Simulated NSE session running',
  },
  data_flow: {
    ticks_per_second: 20,
    depth_levels: 30,
    one_second_candles: true,
    pattern_detection: true,
    smart_money_tracking: true,
    recent_patterns: [],
    smart_money_events: [],
  },
  upstox_plus_features: null,
  ...overrides,
});

const render = (responder: Parameters<typeof renderRemote>[1] extends infer O ? O : never) =>
  renderRemote(<TickStreamingPage />, {
    remote: 'infra',
    signedIn: true,
    url: '/tick-streaming',
    ownPaths: ['/tick-streaming'],
    ...responder,
  });

const tile = (name: string) => screen.getByRole('group', { name });

describe('Tick Streaming', () => {
  it('shows the four tiles, health, streams and data flow from the dashboard call', async () => {
    render({ replies: { [DASHBOARD]: ok(dashboard()) } });
    expect(screen.getByText('Loading tick streaming status...')).toBeInTheDocument();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(tile('Connection Status')).toHaveTextContent('Connectedsimulator');
    expect(tile('WebSockets')).toHaveTextContent('2/4active / total');
    expect(tile('Ticks/Minute')).toHaveTextContent('1,20020 per second');
    expect(tile('Latency ms')).toHaveTextContent('3p99 9 ms');
    const streams = within(screen.getByRole('list', { name: 'WebSocket connections' })).getAllByRole(
      'listitem',
    );
    expect(streams.map((card) => card.textContent)).toEqual([
      'Simulator feedActiveMode: full59 symbols',
      'Upstox feedInactiveMode: none0 symbols',
      'Yahoo feedInactiveMode: none0 symbols',
      'Dashboard clientsActiveMode: json4 topics',
    ]);
    expect(screen.getByText('Simulated NSE session running')).toBeInTheDocument();
    expect(screen.getByText('30 levels')).toBeInTheDocument();
    expect(screen.queryByText('Upstox Plus Features')).not.toBeInTheDocument();
  });

  it('colours the connection per spec: red when disconnected, yellow while connecting', async () => {
    const view = render({ replies: { [DASHBOARD]: ok(dashboard({ connection_status: 'disconnected' })) } });
    expect(await screen.findByText('Disconnected')).toBeInTheDocument();
    view.unmount();
    render({ replies: { [DASHBOARD]: ok(dashboard({ connection_status: 'connecting' })) } });
    expect(await screen.findByText('Connecting')).toBeInTheDocument();
  });

  it('shows Upstox Plus Features when the feed runs in Plus mode', async () => {
    const plus = { websocket_connections: 1, symbols_tracked: 250, candles_active: 240 };
    render({ replies: { [DASHBOARD]: ok(dashboard({ upstox_plus_features: plus })) } });
    const card = (await screen.findByText('Upstox Plus Features')).closest('section')!;
    expect(card).toHaveTextContent('Symbols tracked250');
  });

  it('adds patterns and smart-money events from the stream between polls', async () => {
    const view = render({ replies: { [DASHBOARD]: ok(dashboard()) } });
    await screen.findByText('No patterns detected yet.');
    view.emit('patterns', { symbol: 'TCS', pattern: 'bullish_engulfing', ts: 1767585600000, close: 412000 });
    view.emit('smart-money', {
      kind: 'block_trade',
      symbol: 'INFY',
      ts: 1767585600000,
      value: 5e9,
      multiple: 12,
      description: 'INFY block trade ₹5 Cr',
    });
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Recent patterns' })).toHaveTextContent(
        'TCS · bullish engulfing',
      ),
    );
    expect(screen.getByRole('region', { name: 'Smart money events' })).toHaveTextContent(
      'INFY block trade ₹5 Cr',
    );
  });

  it('says Failed to fetch streaming status with a Retry that loads the page', async () => {
    let calls = 0;
    const view = render({
      replies: {
        [DASHBOARD]: () => {
          calls += 1;
          return calls === 1 ? NETWORK_DOWN : ok(dashboard());
        },
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch streaming status');
    await view.user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Connected')).toBeInTheDocument();
  });

  it('shows the server’s own error text', async () => {
    render({ replies: { [DASHBOARD]: reply(503, { success: false, error: 'Market engine is starting.' }) } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Market engine is starting.');
  });
});
