import assert from 'node:assert/strict';
import type {
  EnsembleStatus,
  KnowledgeGraphStatus,
  MemoryStatus,
  MlIntelligenceMetricsData,
  NewsListResponse,
  PredictionExplanation,
  SentimentStatus,
} from '@td/contracts';
import type { Page } from 'playwright-core';
import {
  callApi,
  type E2EStack,
  e2eSuite,
  eventually,
  expectVisible,
  openSignedIn,
  screenshots,
  sessionToken,
} from './support';

// The ML service on a fresh start: the model engine predicts once a minute and resolves each
// prediction 30 minutes later (packages/server/src/engines/ml/models/features.ts HORIZON_MINUTES); insight
// rebuilds health every 5 minutes (ml/insight/insight-engine.ts). The trading loop stays on: its
// decisions are part of the memory the screens show.
const HORIZON_MS = 30 * 60_000;
const REBUILD_MS = 5 * 60_000;

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function api<T>(stack: E2EStack, token: string, path: string): Promise<T> {
  const reply = await callApi<{ success: boolean; data: T; error?: string }>(stack, token, 'GET', path);
  assert.equal(reply.status, 200, `${path} answered ${reply.status}: ${reply.body.error}`);
  return reply.body.data;
}

/** The figure after a label in a card's fact list ("Total memories1,234" → 1234); null when absent. */
async function factIn(page: Page, card: string, label: string): Promise<number | null> {
  const text = (await region(page, card).textContent()) ?? '';
  const match = new RegExp(`${label}(-?[\\d,]+(?:\\.\\d+)?)`).exec(text);
  return match ? Number(match[1]!.replace(/,/g, '')) : null;
}

/** The percent a health tile or fact shows ("Overall Health71.0%" → 71); null for a dash. */
async function percentIn(page: Page, name: string): Promise<number | null> {
  const text = (await page.getByRole('group', { name, exact: true }).first().textContent()) ?? '';
  const match = /(-?\d+(?:\.\d+)?)%/.exec(text);
  return match ? Number(match[1]) : null;
}

const asPercent = (fraction: number | null, decimals: number) =>
  fraction === null ? null : Number((fraction * 100).toFixed(decimals));

// The walk-forward over the simulator's past sessions runs at start (off in other files' stacks):
// twelve sessions keep it to seconds on CI's two cores while still scoring nine out of sample.
const ML_ENV = { ML_WALK_FORWARD: 'on', SIMULATOR_HISTORY_SESSIONS: '12' };

e2eSuite('ml', { signedIn: true, env: ML_ENV }, (suite) => {
  suite.test(
    'within two minutes of start the ensemble is trained: its out-of-sample record beside the baselines, and explanations that are not all zero',
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/ml-intelligence');
      const token = await sessionToken(page);
      const measured = await eventually(
        () => api<EnsembleStatus>(stack, token, '/api/ml/ensemble/status'),
        (status) => status.out_of_sample?.status === 'complete',
        (last) => `the walk-forward is ${JSON.stringify(last?.out_of_sample)}`,
        120_000,
      );
      const record = measured.out_of_sample!;
      assert.equal(record.sessions, 12);
      assert.ok(record.predictions > 0, 'the walk-forward scored predictions out of sample');
      // Every model was trained on the history, the news model on the generated sessions' news.
      for (const [name, model] of Object.entries(measured.models))
        assert.equal(model.active, true, `${name} active: ${model.active}`);

      await page.reload();
      await page.getByRole('tab', { name: 'ML Enhancements' }).click();
      const shown = page.getByRole('region', { name: 'Out-of-sample record' });
      await expectVisible(shown.getByText('Measured'), 30_000);
      const text = (await shown.textContent()) ?? '';
      assert.ok(text.includes(`Ensemble${(record.accuracy! * 100).toFixed(1)}%`), text);
      assert.ok(text.includes(`Always up${(record.always_up_accuracy! * 100).toFixed(1)}%`), text);
      assert.ok(text.includes(`Coin flip${(record.coin_accuracy! * 100).toFixed(1)}%`), text);
      assert.ok(text.includes(`Say in the loop${(record.say * 100).toFixed(0)}%`), text);
      assert.ok(text.includes(record.note), text);

      // A prediction made by the trained models explains itself with non-zero contributions.
      await eventually(
        () => api<PredictionExplanation>(stack, token, '/api/ml/explanations/RELIANCE'),
        (why) => why.contributions.some((c) => c.contribution !== 0),
        (last) => `RELIANCE's newest explanation: ${JSON.stringify(last?.contributions)}`,
        120_000,
      );
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, 'ml-out-of-sample');
    },
    { timeout: 300_000 },
  );

  suite.test(
    "on a fresh start the ML screen's both tabs show computed figures that agree with the API",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/ml-intelligence');
      await expectVisible(page.getByRole('heading', { level: 1, name: 'ML Intelligence System' }));
      const token = await sessionToken(page);

      // System Overview: the figures change once a minute; screen and API agree at some reading.
      await eventually(
        async () => {
          const [memory, graph, metrics] = await Promise.all([
            api<MemoryStatus>(stack, token, '/api/ml/memory/status'),
            api<KnowledgeGraphStatus>(stack, token, '/api/ml/knowledge-graph/status'),
            api<MlIntelligenceMetricsData>(stack, token, '/api/ml/intelligence-metrics'),
          ]);
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(500);
          return {
            api: {
              memories: memory.total_memories,
              nodes: graph.total_nodes,
              relationships: graph.total_relationships,
              health: asPercent(metrics.system_health.overall_health, 1),
            },
            screen: {
              memories: await factIn(page, 'Memory System', 'Total memories'),
              nodes: await factIn(page, 'Knowledge Graph', 'Total nodes'),
              relationships: await factIn(page, 'Knowledge Graph', 'Relationships'),
              health: await percentIn(page, 'Overall Health'),
            },
          };
        },
        (last) => last.api.nodes > 0 && JSON.stringify(last.api) === JSON.stringify(last.screen),
        (last) =>
          `System Overview shows ${JSON.stringify(last?.screen)}; the API says ${JSON.stringify(last?.api)}`,
        90_000,
      );
      assert.equal(await page.getByText('Not Connected (Future Enhancement)').count(), 0);
      await screenshots(page, 'ml-overview');

      // ML Enhancements: the six models with their weights, and the sentiment statistics.
      await page.getByRole('tab', { name: 'ML Enhancements' }).click();
      const table = page.getByRole('table', { name: 'Ensemble models' });
      await expectVisible(table);
      await eventually(
        async () => {
          const [ensemble, sentiment] = await Promise.all([
            api<EnsembleStatus>(stack, token, '/api/ml/ensemble/status'),
            api<SentimentStatus>(stack, token, '/api/ml/sentiment/status'),
          ]);
          await page.getByRole('button', { name: 'Refresh' }).click();
          await page.waitForTimeout(500);
          const rows = await table.getByRole('row').allTextContents();
          return {
            api: {
              models: Object.entries(ensemble.models)
                .map(
                  ([key, model]) =>
                    `${key.replace(/_/g, ' ').toLowerCase()} ${(model.weight * 100).toFixed(1)}%`,
                )
                .sort(),
              rebalances: ensemble.model_rebalances,
              articles: sentiment.total_articles_processed,
            },
            screen: {
              models: rows
                .slice(1)
                .map((row) => /^(.+?)(?:Active|Inactive)(\d+\.\d)%/.exec(row))
                .map((m) => (m ? `${m[1]!.toLowerCase()} ${m[2]}%` : 'unreadable row'))
                .sort(),
              rebalances: await factIn(page, 'Ensemble Model Optimizer (6 models)', 'Model Rebalances'),
              articles: await factIn(page, 'Sentiment Statistics', 'Articles processed'),
            },
          };
        },
        (last) => last.api.models.length === 6 && JSON.stringify(last.api) === JSON.stringify(last.screen),
        (last) =>
          `ML Enhancements shows ${JSON.stringify(last?.screen)}; the API says ${JSON.stringify(last?.api)}`,
        90_000,
      );
      assert.equal(await page.getByText('Not Connected (Future Enhancement)').count(), 0);
      await screenshots(page, 'ml-enhancements');
    },
    { timeout: 240_000 },
  );

  suite.test(
    "the pipeline card's Intelligence tab shows the simulated newswire's headlines with their scores",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/');
      const token = await sessionToken(page);
      const card = region(page, 'Data Intelligence Pipeline');
      await card.getByRole('tab', { name: 'Intelligence' }).click({ timeout: 60_000 });
      // The panel comes from mf-ml at runtime, through the registry (docs/decisions/0016).
      const latest = card.getByRole('region', { name: 'Latest headlines' });
      const seen = await eventually(
        async () => {
          const news = await api<NewsListResponse['data']>(stack, token, '/api/news?limit=200');
          const first = await latest.getByRole('listitem').first().textContent({ timeout: 2000 });
          return { news, first: first ?? '' };
        },
        ({ news, first }) => {
          const newest = news.headlines[0];
          if (!newest) return false;
          const score = `${newest.score > 0 ? '+' : ''}${newest.score.toFixed(2)}`;
          return first.startsWith(`${score}${newest.title}`) && first.includes(newest.source);
        },
        (last) =>
          `the panel's first headline reads ${JSON.stringify(last?.first)}; the API's newest is ${JSON.stringify(last?.news.headlines[0])}`,
        90_000,
      );
      assert.equal(seen.news.mode, 'simulator');
      assert.ok(seen.news.headlines[0]!.simulated, 'mock mode news is the simulated newswire');
      await expectVisible(card.getByRole('img', { name: /^Sentiment from / }));
      // Full-page pictures are taken from the top: the shell's fixed bars would otherwise land mid-page.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshots(page, 'ml-pipeline-intelligence');
    },
    { timeout: 150_000 },
  );

  suite.test(
    "the dashboard's AI Health is the measured health, not a constant, and moves as the ML service learns",
    async ({ page, stack }) => {
      await openSignedIn(page, stack, '/');
      const token = await sessionToken(page);
      const shown = async () => {
        await page.reload();
        const tile = page.getByRole('group', { name: 'AI Health', exact: true });
        await expectVisible(tile.getByText(/%|Not measured yet/), 30_000);
        return percentIn(page, 'AI Health');
      };
      const reading = async () =>
        (await api<MlIntelligenceMetricsData>(stack, token, '/api/ml/intelligence-metrics')).system_health
          .overall_health;
      const slowReading = async () => {
        await new Promise((resolve) => setTimeout(resolve, 15_000));
        return reading();
      };

      const first = await eventually(
        async () => ({ api: await reading(), screen: await shown() }),
        (last) => asPercent(last.api, 0) === last.screen,
        (last) => `AI Health shows ${last?.screen}%, the API says ${last?.api}`,
        60_000,
      );
      // Not a constant: insight rebuilds every 5 min from what was learnt (patterns, graph, memory) and
      // predictions resolve after 30 min; the first rebuild that measures something new moves it.
      const later = await eventually(
        slowReading,
        (value) => value !== first.api,
        (last) => `overall health stayed ${last} for the whole horizon`,
        HORIZON_MS + 2 * REBUILD_MS,
      );
      const resolved = await api<EnsembleStatus>(stack, token, '/api/ml/ensemble/status');
      await eventually(
        async () => ({ api: await reading(), screen: await shown() }),
        (last) => asPercent(last.api, 0) === last.screen && last.api === later,
        (last) => `AI Health shows ${last?.screen}% after the change, the API says ${last?.api}`,
        90_000,
      );
      console.log(
        `AI Health ${first.api} → ${later} (${resolved.resolved_predictions} predictions resolved, ${resolved.total_predictions} made)`,
      );
    },
    { timeout: HORIZON_MS + 3 * REBUILD_MS + 5 * 60_000 },
  );
});
