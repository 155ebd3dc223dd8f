import { reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { renderDashboard } from './dashboard-test-data';

const METRICS = {
  system_health: {
    overall_health: 0.82,
    learning_health: 0.7,
    model_health: 0.9,
    critical_alerts: 1,
    emergency_alerts: 0,
  },
  decision_quality: {
    average_quality_score: 0.64,
    approval_rates: { approved: 0.55 },
    quality_trend: 'improving',
  },
  learning_metrics: { learning_active: true, recent_learning_events: 12 },
  performance_trends: { win_rate: 0.58, average_return: 0.012, sharpe_ratio: 1.42 },
  shortcomings_analysis: { recommendations: ['Retrain the momentum model on last week'] },
};

const metricsReply = (data: unknown) => reply(200, { success: true, data });
const mlCard = () => screen.getByRole('region', { name: 'ML Intelligence' });
const aiHealth = () => screen.getByRole('group', { name: 'AI Health' });

describe('dashboard: ML Intelligence while the ML system is not built', () => {
  it('says the metrics are unavailable and that fetching them failed', async () => {
    renderDashboard();
    const card = await screen.findByRole('region', { name: 'ML Intelligence' });
    expect(await within(card).findByText('ML metrics unavailable')).toBeInTheDocument();
    expect(within(card).getByText('System initializing...')).toBeInTheDocument();
    expect(within(card).getByText('Failed to fetch ML metrics')).toBeInTheDocument();
  });

  it('shows AI Health as unavailable, never a made-up 75%', async () => {
    renderDashboard();
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText(
      'ML metrics unavailable',
    );
    expect(aiHealth()).toHaveTextContent('Offline');
    expect(aiHealth()).toHaveTextContent('ML system unavailable');
    expect(aiHealth()).not.toHaveTextContent('75%');
    expect(aiHealth()).not.toHaveTextContent('Learning Active');
  });

  it('treats a reply of success false as unavailable', async () => {
    renderDashboard({
      'GET /api/ml/intelligence-metrics': reply(200, { success: false, error: 'ML engine warming up' }),
    });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText(
      'ML metrics unavailable',
    );
    expect(aiHealth()).toHaveTextContent('ML system unavailable');
  });

  it('opens the ML intelligence screen from View Full Dashboard', async () => {
    const { user, navigate } = renderDashboard();
    const link = await screen.findByRole('link', { name: 'View Full Dashboard' });
    expect(link).toHaveAttribute('href', '/ml-intelligence');
    await user.click(link);
    expect(navigate).toHaveBeenCalledWith('/ml-intelligence', undefined);
  });
});

describe('dashboard: ML Intelligence once the ML system answers', () => {
  it('shows the overall health as a percent with Learning Active in the AI Health tile', async () => {
    renderDashboard({ 'GET /api/ml/intelligence-metrics': metricsReply(METRICS) });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(aiHealth()).toHaveTextContent('82%');
    expect(aiHealth()).toHaveTextContent('Learning Active');
  });

  it('says learning is inactive when the system reports so', async () => {
    renderDashboard({
      'GET /api/ml/intelligence-metrics': metricsReply({
        ...METRICS,
        learning_metrics: { learning_active: false },
      }),
    });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(aiHealth()).toHaveTextContent('Learning Inactive');
  });

  it('lists health, decision quality, learning and recommendations in the card', async () => {
    renderDashboard({ 'GET /api/ml/intelligence-metrics': metricsReply(METRICS) });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(mlCard()).toHaveTextContent('Overall health82% (excellent)');
    expect(mlCard()).toHaveTextContent('Model health90%');
    expect(mlCard()).toHaveTextContent('Decision quality64%');
    expect(mlCard()).toHaveTextContent('Approval rate55%');
    expect(mlCard()).toHaveTextContent('Active · 12 recent events');
    expect(mlCard()).toHaveTextContent('Sharpe ratio1.42');
    expect(within(mlCard()).getByText('Retrain the momentum model on last week')).toBeInTheDocument();
  });

  it('accepts a partial reply and shows what is missing as a dash', async () => {
    renderDashboard({
      'GET /api/ml/intelligence-metrics': metricsReply({ system_health: { overall_health: 0.35 } }),
    });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(mlCard()).toHaveTextContent('Overall health35% (needs attention)');
    expect(mlCard()).toHaveTextContent('Model health—');
    expect(aiHealth()).toHaveTextContent('35%');
  });
});

describe("dashboard: ML Intelligence reads the ML service's own reply", () => {
  // What GET /api/ml/intelligence-metrics answers (contracts mlIntelligenceMetricsDataSchema).
  const SERVER_REPLY = {
    system_health: {
      overall_health: 0.64,
      overall_band: 'good',
      learning_health: 0.7,
      model_health: 0.52,
      memory_health: 0.8,
      knowledge_health: 0.55,
      health_trend: 'improving',
      monitoring_active: true,
      critical_alerts: 0,
      emergency_alerts: 0,
    },
    decision_quality: {
      average_quality_score: 0.61,
      approval_rates: { approved: 0.45, rejected: 0.55 },
      quality_trend: 'stable',
      decisions_measured: 20,
    },
    learning_metrics: {
      learning_active: true,
      adapting: false,
      recent_learning_events: 33,
      learning_event_breakdown: { model_updates: 30, pattern_recognition: 3, strategy_refinements: 0 },
      adaptation_performance: { adaptation_score: 0.6, success_rate: 0.9 },
      learning_health: 0.7,
    },
    performance_trends: { win_rate: 0.5, average_return: 0.001, sharpe_ratio: 0.2, closed_trades: 8 },
    shortcomings_analysis: {
      recommendations: [
        { title: 'Model health is low', description: 'Two models are below chance.', priority: 'high' },
      ],
    },
    computed: true,
    note: null,
    built_at: '2026-11-20T05:00:00.000Z',
  };

  it('shows the measured health in the tile and the recommendation titles in the card', async () => {
    renderDashboard({ 'GET /api/ml/intelligence-metrics': metricsReply(SERVER_REPLY) });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(aiHealth()).toHaveTextContent('64%Learning Active');
    expect(mlCard()).toHaveTextContent('Overall health64% (good)');
    expect(mlCard()).toHaveTextContent('Active · 33 recent events');
    expect(within(mlCard()).getByText('Model health is low')).toBeInTheDocument();
  });

  it('says the health is not measured yet on a fresh start instead of a number or Offline', async () => {
    renderDashboard({
      'GET /api/ml/intelligence-metrics': metricsReply({
        ...SERVER_REPLY,
        system_health: {
          ...SERVER_REPLY.system_health,
          overall_health: null,
          overall_band: 'needs attention',
        },
        computed: false,
        note: 'No prediction has resolved yet.',
      }),
    });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(aiHealth()).toHaveTextContent('—Not measured yet');
    expect(aiHealth()).not.toHaveTextContent('Offline');
    expect(mlCard()).toHaveTextContent('Overall health— (not measured yet)');
  });

  it('puts the count beside a win rate from one closed trade instead of a bare 100%', async () => {
    renderDashboard({
      'GET /api/ml/intelligence-metrics': metricsReply({
        ...SERVER_REPLY,
        decision_quality: { ...SERVER_REPLY.decision_quality, decisions_measured: 40 },
        performance_trends: { win_rate: 1, average_return: 0.004, sharpe_ratio: null, closed_trades: 1 },
      }),
    });
    await within(await screen.findByRole('region', { name: 'ML Intelligence' })).findByText('Overall health');
    expect(mlCard()).toHaveTextContent('Win rate100% (1 closed trade)');
    expect(mlCard()).toHaveTextContent('Approval rate45%Learning');
  });
});
