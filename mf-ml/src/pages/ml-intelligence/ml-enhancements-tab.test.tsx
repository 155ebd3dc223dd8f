import { NETWORK_DOWN, reply } from '@td/platform/test-support';
import { screen, within } from '@testing-library/react';
import { MlIntelligencePage } from './ml-intelligence-page';
import { DOWN, ensemble, market, ok, online, renderMl } from './ml-test-data';

const card = (name: string) => screen.getByRole('region', { name });
const openTab = (replies = {}) =>
  renderMl(<MlIntelligencePage />, '/ml-intelligence?tab=enhancements', replies);

describe('ML Intelligence → ML Enhancements', () => {
  it('badges the four enhancements Active, Initializing or Inactive by the spec rule', async () => {
    openTab();
    expect(screen.getByRole('tab', { name: 'ML Enhancements' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByText(/6 of 6 services answering/);
    expect(card('Ensemble Optimizer')).toHaveTextContent('Active');
    expect(card('Online Learning')).toHaveTextContent('Initializing');
    expect(card('Online Learning')).toHaveTextContent('Waiting for the first predictions to resolve.');
    expect(card('Sentiment Analysis')).toHaveTextContent('Inactive');
  });

  it('puts the count beside an accuracy from fewer than 20 resolved predictions and leaves its win rate uncoloured', async () => {
    const fresh = { active: true, weight: 0.5, accuracy: 1, win_rate: 1, prediction_count: 2 };
    openTab({
      'GET /api/ml/ensemble/status': ok({
        ...ensemble,
        resolved_predictions: 4,
        ensemble_accuracy: 0.75,
        models: { momentum: fresh, mean_reversion: { ...fresh, accuracy: 0.5, prediction_count: 2 } },
      }),
    });
    const table = await screen.findByRole('table', { name: 'Ensemble models' });
    const momentum = within(table).getAllByRole('row')[1]!;
    expect(momentum).toHaveTextContent('MomentumActive50.0%100.0% (2 predictions)100.0%2');
    // The win rate is plain text, not a green badge: two predictions rate nothing.
    expect(within(momentum).getAllByRole('cell')[4]!.querySelector('span')).toBeNull();
    expect(card('Ensemble Model Optimizer (6 models)')).toHaveTextContent(
      'Ensemble Accuracy75.0% (4 predictions)',
    );
  });

  it("lists the ensemble's six models with weight, accuracy, win rate and predictions", async () => {
    openTab();
    const table = await screen.findByRole('table', { name: 'Ensemble models' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toHaveTextContent('Logistic regressionActive24.0%58.0%61.0%200');
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toContain('News sentiment');
    expect(card('Ensemble Model Optimizer (6 models)')).toHaveTextContent('Ensemble Accuracy56.3%');
    expect(card('Ensemble Model Optimizer (6 models)')).toHaveTextContent('Model Rebalances31');
  });

  it('shows the out-of-sample record beside always-up and a coin, and that no edge means no say', async () => {
    openTab({
      'GET /api/ml/ensemble/status': ok({
        ...ensemble,
        out_of_sample: {
          status: 'complete',
          sessions: 60,
          scored_sessions: 55,
          predictions: 176_000,
          accuracy: 0.4945,
          always_up_accuracy: 0.4922,
          coin_accuracy: 0.4988,
          edge: -0.012,
          edge_low: -0.031,
          edge_high: 0.007,
          say: 0,
          note: 'Walk-forward over 60 past sessions, 55 scored out of sample: no edge over always-up and a coin that stands out of the noise.',
        },
      }),
    });
    const record = await screen.findByRole('region', { name: 'Out-of-sample record' });
    expect(record).toHaveTextContent('Measured');
    expect(record).toHaveTextContent('Ensemble49.5%1,76,000 predictions');
    expect(record).toHaveTextContent('Always up49.2%');
    expect(record).toHaveTextContent('Coin flip49.9%');
    expect(record).toHaveTextContent('Edge-1.2 pts95 %: -3.1 pts to +0.7 pts');
    expect(record).toHaveTextContent('Say in the loop0%');
    expect(record).toHaveTextContent('no edge over always-up and a coin that stands out of the noise');
  });

  it('says the record is being measured while the walk-forward runs, with no figures yet', async () => {
    openTab({
      'GET /api/ml/ensemble/status': ok({
        ...ensemble,
        out_of_sample: {
          status: 'running',
          ...{ sessions: 0, scored_sessions: 0, predictions: 0, accuracy: null, always_up_accuracy: null },
          ...{ coin_accuracy: null, edge: null, edge_low: null, edge_high: null, say: 0 },
          note: 'Training and measuring on the past sessions, walk-forward; the ML vote has no say until it ends.',
        },
      }),
    });
    const record = await screen.findByRole('region', { name: 'Out-of-sample record' });
    expect(record).toHaveTextContent('Measuring…');
    expect(within(record).queryByText('Always up')).toBeNull();
    expect(record).toHaveTextContent('the ML vote has no say until it ends');
  });

  it("shows the newest RELIANCE prediction's reasons and that they sum to the logit", async () => {
    openTab();
    const why = await screen.findByRole('region', { name: 'Why RELIANCE' });
    expect(why).toHaveTextContent('logistic_regression expects up over 30 minutes');
    expect(within(why).getAllByRole('listitem')[0]).toHaveTextContent('5-bar return +1.0%');
    expect(why).toHaveTextContent("= 0.575; the model's logit is 0.575");
    expect(card('Trade Explainability')).toHaveTextContent('Total explanations300');
  });

  it("explains another stock on request and shows the server's refusal in its words", async () => {
    const view = openTab({
      'GET /api/ml/explanations/TCS': reply(404, {
        success: false,
        error: 'No prediction for TCS yet: the models predict after 20 one-minute bars.',
      }),
    });
    const input = await screen.findByLabelText('Stock');
    await view.user.clear(input);
    await view.user.type(input, 'tcs');
    await view.user.click(screen.getByRole('button', { name: 'Explain' }));
    expect(
      await screen.findByText('No prediction for TCS yet: the models predict after 20 one-minute bars.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Not Connected (Future Enhancement)')).not.toBeInTheDocument();
  });

  it('says Real-time Learning Active with the last update, or an update in progress', async () => {
    openTab();
    await screen.findByText(/6 of 6 services answering/);
    expect(card('Online Learning Manager')).toHaveTextContent('Real-time Learning Active');
    expect(card('Online Learning Manager')).toHaveTextContent('Rollbacks8');
    expect(card('Online Learning Manager')).toHaveTextContent('last update 5 Jan, 09:30 IST');
  });

  it('says an update is in progress while the models learn', async () => {
    openTab({
      'GET /api/ml/online-learning/status': ok({ ...online, is_updating: true, last_update_time: null }),
    });
    await screen.findByText(/6 of 6 services answering/);
    expect(card('Online Learning Manager')).toHaveTextContent('Update in progress');
    expect(card('Online Learning Manager')).toHaveTextContent('Last updateNever');
  });

  it("labels the market's sentiment bullish above 0.2 and shows its topics and statistics", async () => {
    openTab();
    await screen.findByText(/6 of 6 services answering/);
    const sentiment = card('Market Sentiment Analysis');
    expect(sentiment).toHaveTextContent('bullish');
    expect(sentiment).toHaveTextContent('Overall sentiment (−1 to 1)+0.26');
    expect(within(sentiment).getByRole('list', { name: 'Bearish topics' })).toHaveTextContent(
      'regulatory action',
    );
    expect(card('Sentiment Statistics')).toHaveTextContent('Articles processed28');
    expect(card('Sentiment Statistics')).toHaveTextContent('Average sentiment+0.12 (neutral)');
  });

  it('says the reading covers the last 24 h, or the last session and which when the last 24 h held no news', async () => {
    const first = openTab();
    await screen.findByText(/6 of 6 services answering/);
    expect(card('Market Sentiment Analysis')).toHaveTextContent(
      'Over the last 24 h, weighted by recency and confidence',
    );
    first.unmount();
    const window = {
      from: '2026-11-26T18:30:00.000Z',
      to: '2026-11-27T18:29:59.999Z',
      basis: 'last_session',
      reason: 'No headline in the last 24 hours (the market has been shut), so these are the last session’s.',
    };
    openTab({
      'GET /api/ml/sentiment/market': reply(200, { success: true, sentiment: { ...market, window } }),
    });
    await screen.findByText(/6 of 6 services answering/);
    expect(card('Market Sentiment Analysis')).toHaveTextContent(
      'From the last session, Fri 27 Nov (no headline in the last 24 h), weighted by recency and confidence',
    );
  });

  it('says Not Connected (Future Enhancement) only where a call failed', async () => {
    openTab({ 'GET /api/ml/ensemble/status': DOWN, 'GET /api/ml/sentiment/status': NETWORK_DOWN });
    await screen.findByText(/4 of 6 services answering/);
    expect(card('Ensemble Model Optimizer (6 models)')).toHaveTextContent(
      'Not Connected (Future Enhancement)',
    );
    expect(card('Sentiment Statistics')).toHaveTextContent('Not Connected (Future Enhancement)');
    expect(screen.getAllByText('Not Connected (Future Enhancement)')).toHaveLength(2);
    expect(card('Online Learning Manager')).toHaveTextContent('Total updates96');
  });
});
