import { NETWORK_DOWN } from '@td/platform/test-support';
import { screen, waitFor, within } from '@testing-library/react';
import { MlIntelligencePage } from './ml-intelligence-page';
import { autonomous, DOWN, memory, metrics, ok, renderMl } from './ml-test-data';

const card = (name: string) => screen.getByRole('region', { name });
const openPage = (replies = {}) => renderMl(<MlIntelligencePage />, '/ml-intelligence', replies);

describe('ML Intelligence → System Overview', () => {
  it('opens on System Overview with the two tabs of the spec', async () => {
    openPage();
    expect(screen.getByRole('heading', { level: 1, name: 'ML Intelligence System' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('tablist', { name: 'ML Intelligence views' }))
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['System Overview', 'ML Enhancements']);
    expect(screen.getByRole('tab', { name: 'System Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText(/7 of 7 services answering/)).toBeInTheDocument();
  });

  it('shows every card with the figures the ML service measured', async () => {
    openPage();
    await screen.findByText(/7 of 7 services answering/);
    const health = card('System Health Overview');
    expect(within(health).getByRole('group', { name: 'Overall Health' })).toHaveTextContent('71.0%');
    expect(within(health).getByRole('group', { name: 'Model Health' })).toHaveTextContent('55.0%');
    expect(within(health).getByRole('group', { name: 'Alerts' })).toHaveTextContent('1 / 0');
    expect(health).toHaveTextContent('Health improving');
    expect(health).toHaveTextContent('Monitoring active');

    expect(card('Memory System')).toHaveTextContent('Total memories1,234');
    expect(card('Memory System')).toHaveTextContent('Retention rate62.0%');
    expect(card('Knowledge Graph')).toHaveTextContent('Total nodes73');
    expect(card('Knowledge Graph')).toHaveTextContent('Relationships214');
    expect(card('Learning Engine')).toHaveTextContent('Adaptation success75.0%');
    expect(card('Orchestrator')).toHaveTextContent('Trading modePaper');

    expect(card('Active Learning Metrics')).toHaveTextContent('Model updates48');
    expect(card('Active Learning Metrics')).toHaveTextContent('Strategy refinements3');
    expect(card('Autonomous Learning System')).toHaveTextContent('Patterns learned2 of 14');
    expect(card('AI System Recommendations and Gap Analysis')).toHaveTextContent(
      'high Model health is below 60%',
    );
  });

  it('puts the count beside a win rate or hit rate measured on fewer than 20 cases', async () => {
    openPage({
      'GET /api/ml/intelligence-metrics': ok({
        ...metrics,
        performance_trends: { ...metrics.performance_trends, win_rate: 1, closed_trades: 1 },
      }),
      'GET /api/ml/autonomous-learning/status': ok({
        ...autonomous,
        pattern_observations: 3,
        overall_hit_rate: 2 / 3,
      }),
    });
    await screen.findByText(/7 of 7 services answering/);
    expect(card('AI System Recommendations and Gap Analysis')).toHaveTextContent(
      'Win rate (closed trades)100.0% (1 closed trade)',
    );
    expect(card('Autonomous Learning System')).toHaveTextContent(
      'Overall hit rate66.7% (3 resolved occurrences)',
    );
  });

  it('colours health scores by the spec bands: green from 0.8, yellow from 0.6, red below', async () => {
    openPage();
    await screen.findByText(/7 of 7 services answering/);
    const health = card('System Health Overview');
    const colourOf = (name: string) =>
      getComputedStyle(within(within(health).getByRole('group', { name })).getByText(/%$/)).color;
    expect(colourOf('Memory Health')).toBe('rgb(34, 197, 94)');
    expect(colourOf('Overall Health')).toBe('rgb(245, 158, 11)');
    expect(colourOf('Model Health')).toBe('rgb(239, 68, 68)');
  });

  it('lists only the first 3 learned patterns of each group', async () => {
    openPage();
    const candles = await within(
      await screen.findByRole('region', { name: 'Learned Patterns and Insights' }),
    ).findByRole('region', { name: 'Candle patterns' });
    expect(within(candles).getAllByRole('listitem')).toHaveLength(3);
    expect(candles).toHaveTextContent('bullish engulfing');
    expect(candles).not.toHaveTextContent('shooting star');
  });

  it('says Not Connected (Future Enhancement) only on the card whose call failed', async () => {
    openPage({ 'GET /api/ml/knowledge-graph/status': DOWN });
    await screen.findByText(/6 of 7 services answering/);
    expect(card('Knowledge Graph')).toHaveTextContent('Not Connected (Future Enhancement)');
    expect(card('Knowledge Graph')).toHaveTextContent('The ML service is starting: no models loaded yet.');
    expect(card('Memory System')).toHaveTextContent('Total memories1,234');
    expect(screen.getAllByText('Not Connected (Future Enhancement)')).toHaveLength(1);
  });

  it('shows Status Unavailable on the orchestrator when the engines cannot be read', async () => {
    openPage({ 'GET /api/engines/status': NETWORK_DOWN });
    await screen.findByText(/6 of 7 services answering/);
    expect(card('Orchestrator')).toHaveTextContent('Status Unavailable');
    expect(screen.queryByText('Not Connected (Future Enhancement)')).not.toBeInTheDocument();
  });

  it('asks every call again on Refresh and shows the new figures', async () => {
    let total = memory.total_memories;
    const view = openPage({ 'GET /api/ml/memory/status': () => ok({ ...memory, total_memories: total }) });
    await screen.findByText(/7 of 7 services answering/);
    const before = view.requests.length;
    total = 1_300;
    await view.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(card('Memory System')).toHaveTextContent('Total memories1,300'));
    expect(view.requests.length - before).toBe(7);
  });
});
