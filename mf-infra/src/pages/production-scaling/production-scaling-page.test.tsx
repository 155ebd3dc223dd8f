import type { ScalingPhase, ScalingStatus } from '@td/contracts';
import { NETWORK_DOWN, type RenderRemoteOptions, renderRemote, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { ProductionScalingPage } from './production-scaling-page';

const STATUS = 'GET /api/scaling-status';
const ok = (data: unknown) => reply(200, { success: true, data });

const card = (phase: number, name: string, range: string, state: ScalingPhase['state']): ScalingPhase => ({
  phase,
  name,
  capitalRangeText: range,
  minCapital: 0,
  maxCapital: null,
  limits: {
    maxPositionPercent: 2 + phase,
    maxDailyLossPercent: 1 + phase / 2,
    minMLConfidence: 0.7,
    emergencyStopLossPercent: 4 + phase,
  },
  requirements: { successRate: 64 + phase, profitTarget: 6 + 2 * phase, minDays: 10 + 5 * phase },
  description: `${name} description`,
  state,
});

const status = (overrides: Partial<ScalingStatus> = {}): ScalingStatus => ({
  currentPhase: 2,
  capital: 125_000,
  successRate: 58.33,
  daysInPhase: 9,
  status: 'active',
  account: 'paper',
  capitalPhase: 2,
  closedTrades: 12,
  winningTrades: 7,
  phaseProfit: 6_250,
  phaseProfitPercent: 5.5,
  phaseChangePercent: 4.1,
  phaseStartedAt: '2025-12-27T04:00:00.000Z',
  outlook: "capital is within Growth's range (₹50K-2L)",
  phases: [
    card(1, 'Foundation', '₹5K-50K', 'completed'),
    card(2, 'Growth', '₹50K-2L', 'active'),
    card(3, 'Expansion', '₹2L-10L', 'locked'),
    card(4, 'Professional', '₹10L-1Cr', 'locked'),
    card(5, 'Enterprise', '₹1Cr+', 'locked'),
  ],
  history: [
    {
      phase: 2,
      fromPhase: 1,
      kind: 'promotion',
      reason: "Foundation's requirements met: success 70 %, profit 9 %, 15 days",
      at: '2025-12-27T04:00:00.000Z',
      capital: 52_000,
    },
  ],
  safety: {
    halted: false,
    haltReason: null,
    measuring: true,
    breakers: [
      {
        breaker: 'volatility',
        label: 'Volatility above 40 %',
        value: 18.2,
        tripped: false,
        detail: 'NIFTY 50 volatility 18.2 %',
      },
      {
        breaker: 'market_drop',
        label: 'Market drop over 3 % in 1 hour',
        value: 3.4,
        tripped: true,
        detail: 'NIFTY 50 down 3.4 % from its high',
      },
      {
        breaker: 'liquidity',
        label: 'Liquidity ratio below 15 %',
        value: null,
        tripped: false,
        detail: 'needs 5 recent minutes',
      },
    ],
  },
  ...overrides,
});

const render = (responder: RenderRemoteOptions['replies'] = {}) =>
  renderRemote(<ProductionScalingPage />, {
    remote: 'infra',
    signedIn: true,
    url: '/production-scaling',
    ownPaths: ['/production-scaling'],
    replies: responder,
  });

const phaseCard = (name: RegExp) => screen.getByRole('article', { name });

describe('Production Scaling', () => {
  it("shows the engine's phase, capital and success rate, with the active phase's progress", async () => {
    render({ [STATUS]: ok(status()) });
    expect(screen.getByText('Loading production scaling status...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: 'Current Phase: Phase 2 · Growth' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Capital' })).toHaveTextContent('₹1.25 L₹1,25,000');
    expect(screen.getByRole('group', { name: 'Success Rate' })).toHaveTextContent('58.3% (12 trades)');
    expect(screen.getByRole('group', { name: 'Days in Phase' })).toHaveTextContent('9');
    expect(screen.getByTestId('scaling-source')).toHaveTextContent(
      "Paper account · phase since 27 Dec, 09:30 · 12 closed trades in the phase (7 winning), realised ₹6,250 (+5.50%) · capital is within Growth's range (₹50K-2L)",
    );
    expect(screen.queryByText('Showing default figures')).not.toBeInTheDocument();

    const active = phaseCard(/Phase 2 Growth/);
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('Progress to the next phase');
    expect(active).toHaveTextContent('Success rate58.3% (12 trades) / 66%');
    expect(active).toHaveTextContent('Profit target5.5% / 10%');
    expect(active).toHaveTextContent('Minimum days9 / 20');
    expect(phaseCard(/Phase 1 Foundation/)).toHaveTextContent('✓Completed');
    for (const name of [/Phase 3 Expansion/, /Phase 4 Professional/, /Phase 5 Enterprise/]) {
      expect(phaseCard(name)).toHaveTextContent('Locked');
      expect(phaseCard(name)).toHaveTextContent('Requirements');
    }
    expect(phaseCard(/Phase 3 Expansion/)).toHaveTextContent('Max position5%');
  });

  it("shows each circuit breaker's live state and the phase history", async () => {
    render({ [STATUS]: ok(status()) });
    const breakers = within(await screen.findByRole('list', { name: 'Circuit breakers' })).getAllByRole(
      'listitem',
    );
    expect(breakers.map((row) => row.textContent)).toEqual([
      'Volatility above 40 %OK · 18.2%',
      'Market drop over 3 % in 1 hourTripped · 3.4%NIFTY 50 down 3.4 % from its high',
      'Liquidity ratio below 15 %Not measuredneeds 5 recent minutes',
    ]);
    expect(screen.getByText('Trading allowed')).toBeInTheDocument();
    const changes = within(screen.getByRole('list', { name: 'Phase changes' })).getAllByRole('listitem');
    expect(changes[0]).toHaveTextContent('PromotionPhase 1 → Phase 2 at ₹52.0 K');
    expect(screen.getByText(/The system moves up a phase on consistent performance/)).toBeInTheDocument();
  });

  it('says trading is halted, and why, when the safety engine halted it', async () => {
    render({
      [STATUS]: ok(
        status({
          status: 'halted',
          safety: { ...status().safety, halted: true, haltReason: 'Circuit breaker: NIFTY 50 down 3.4 %.' },
        }),
      ),
    });
    expect(await screen.findByText('Trading halted')).toBeInTheDocument();
    expect(screen.getByText('Halted: Circuit breaker: NIFTY 50 down 3.4 %.')).toBeInTheDocument();
    expect(screen.getByText('Halted')).toBeInTheDocument();
  });

  it('shows the success rate alone once 20 closed trades stand behind it', async () => {
    render({ [STATUS]: ok({ ...status(), closedTrades: 24, winningTrades: 14 }) });
    expect(await screen.findByRole('group', { name: 'Success Rate' })).toHaveTextContent(
      /^Success Rate58\.3%$/,
    );
    expect(phaseCard(/Phase 2 Growth/)).toHaveTextContent('Success rate58.3% / 66%');
  });

  it("shows the spec's defaults only when the call fails, marked as defaults", async () => {
    render({ [STATUS]: NETWORK_DOWN });
    expect(await screen.findByText('Showing default figures')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Current Phase: Phase 1' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Capital' })).toHaveTextContent('₹25.0 K₹25,000');
    expect(screen.getByRole('group', { name: 'Success Rate' })).toHaveTextContent('0.0%');
    expect(screen.getByRole('group', { name: 'Days in Phase' })).toHaveTextContent('0');
    expect(screen.getByText('Ready')).toBeInTheDocument();
    expect(screen.getByText(/circuit breakers' live state is unavailable/)).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
