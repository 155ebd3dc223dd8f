import type { BacktestMl } from '@td/contracts';
import type { Responder } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { fill, ok, renderBacktest as renderWithHarness } from './backtest-tab-harness';
import { backtestResult, backtestRun, listed, running } from './backtest-test-data';

jest.mock('../equity-chart-canvas', () => require('./backtest-tab-harness').fakeEquityChartCanvas);

const renderBacktest = (replies: Record<string, Responder>) =>
  renderWithHarness({ 'GET /api/backtests': ok({ runs: [] }), ...replies });

const model = (name: string, views: number, accuracy: number | null) => ({
  name,
  description: `${name} model`,
  views,
  coverage: views / 4_000,
  accuracy,
});

const ml: BacktestMl = {
  signals: 'ml_full',
  news: true,
  say: 1,
  say_reason: 'Full say, as chosen for this run: the edge measured before the range was not consulted.',
  trained_sessions: 20,
  before: {
    scored_sessions: 15,
    predictions: 50_858,
    accuracy: 0.4554,
    always_up_accuracy: 0.4844,
    coin_accuracy: 0.5011,
    edge: -0.0446,
    edge_interval: [-0.0901, -0.0148],
  },
  headlines: 99,
  predictions: 4_000,
  accuracy: 0.467,
  always_up_accuracy: 0.478,
  models: [model('logistic_regression', 4_000, 0.49), model('news_sentiment', 2_280, 0.5)],
};

describe('Backtest with the ML ensemble', () => {
  it('asks for the ML ensemble without the news only once ML signals are chosen', async () => {
    const view = renderBacktest({ 'POST /api/backtests': ok(running(0)) });
    await screen.findByText('No backtests yet: choose a range and run one.');
    expect(screen.getByLabelText('Signals')).toHaveValue('rules');
    expect(screen.queryByLabelText('News')).not.toBeInTheDocument();

    fill('From', '2026-11-16');
    fill('To', '2026-11-20');
    fill('Signals', 'ml_full');
    expect(screen.getByText(/trains walk-forward on up to 20 sessions before the range/)).toBeInTheDocument();
    fill('News', 'off');
    await view.user.click(screen.getByRole('button', { name: 'Run backtest' }));

    await screen.findByRole('progressbar', { name: 'Backtest progress' });
    expect(view.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      from: '2026-11-16',
      to: '2026-11-20',
      signals: 'ml_full',
      news: false,
    });
  });

  it('shows what the ensemble measured: its say and why, its accuracy against always-up, each model’s calls', async () => {
    const run = backtestRun({
      settings: { ...backtestRun().settings, signals: 'ml_full', news: true },
      result: { ...backtestResult, ml },
    });
    renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(run)] }),
      'GET /api/backtests/run-1': ok(run),
    });
    const figures = await screen.findByRole('group', { name: 'ML ensemble figures' });
    expect(screen.getByText('ML ensemble, reading the news')).toBeInTheDocument();
    expect(figures).toHaveTextContent('Say in the signal100%');
    expect(figures).toHaveTextContent(
      'Right in the range46.7%4,000 predictions, each checked 30 min on (or at the close)',
    );
    expect(figures).toHaveTextContent('Always up in the range47.8%');
    expect(figures).toHaveTextContent('Before the range45.5%edge -4.5 pts over 15 scored sessions');
    expect(figures).toHaveTextContent('Headlines in the range99');
    expect(screen.getByText(ml.say_reason)).toBeInTheDocument();
    const models = screen.getByRole('table', { name: 'Each model’s calls in the range' });
    const news = within(models).getByText('news_sentiment').closest('tr')!;
    expect(news).toHaveTextContent('2,280 (57%)');
    expect(news).toHaveTextContent('50.0%');
  });

  it('says the ensemble was not asked when its measured edge gave it no say', async () => {
    const silent: BacktestMl = {
      ...ml,
      signals: 'ml',
      say: 0,
      say_reason: 'Before the range its edge was -2.8 points: no edge shown, so no say, as live.',
      predictions: 0,
      accuracy: null,
      always_up_accuracy: null,
      models: ml.models.map((m) => ({ ...m, views: 0, coverage: 0, accuracy: null })),
    };
    const run = backtestRun({ result: { ...backtestResult, ml: silent } });
    renderBacktest({
      'GET /api/backtests': ok({ runs: [listed(run)] }),
      'GET /api/backtests/run-1': ok(run),
    });
    const figures = await screen.findByRole('group', { name: 'ML ensemble figures' });
    expect(figures).toHaveTextContent('Say in the signal0%');
    expect(figures).toHaveTextContent('not asked: no say');
    expect(screen.getByText(silent.say_reason)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Each model’s calls in the range' })).not.toBeInTheDocument();
  });
});
