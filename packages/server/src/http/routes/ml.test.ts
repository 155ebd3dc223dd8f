import {
  autonomousLearningStatusSchema,
  type EnsembleStatus,
  enhancementsStatusSchema,
  ensembleStatusSchema,
  explainabilityStatusSchema,
  knowledgeGraphStatusSchema,
  learnedPatternsSchema,
  learningStatusSchema,
  memoryStatusSchema,
  mlIntelligenceMetricsDataSchema,
  mlIntelligenceMetricsResponseSchema,
  type OnlineLearningStatus,
  onlineLearningStatusSchema,
  type PredictionExplanation,
  predictionExplanationSchema,
  tradesExportQuerySchema,
} from '@td/contracts';
import { istDateOf } from '../../engines/market/calendar';
import { createInsight, type Insight } from '../../engines/ml/insight';
import { overallHealth, wilsonLowerBound } from '../../engines/ml/insight/health';
import { dailyReturns, pearson } from '../../engines/ml/insight/knowledge-graph';
import { buildTestApp, signInForTest, type TestApp } from '../../test-support';
import { INSIGHT_DOWN } from './ml-status-reply';

let testApp: TestApp;
let headers: { authorization: string };

/** The model engine's figures as a test sets them: every number the insight reads is known here. */
const models = {
  ensemble: null as EnsembleStatus | null,
  online: null as OnlineLearningStatus | null,
  ensembleStatus: () => models.ensemble,
  onlineLearningStatus: () => models.online,
  explainabilityStatus: () => ({
    total_explanations: models.ensemble?.total_predictions ?? 0,
    shap_explanations: models.ensemble?.total_predictions ?? 0,
    avg_confidence: 0.62,
    cache_size: 0,
    method: 'exact additive contributions',
    note: null,
  }),
};

const ensembleOf = (total: number, resolved: number, accuracy: number | null): EnsembleStatus => ({
  total_predictions: total,
  resolved_predictions: resolved,
  ensemble_accuracy: accuracy,
  model_rebalances: resolved,
  models: {},
  horizon: 'direction over the next 30 minutes',
  note: null,
});
const onlineOf = (total: number, successful: number): OnlineLearningStatus => ({
  total_updates: total,
  successful_updates: successful,
  rollbacks: total - successful,
  avg_improvement: 0.01,
  models_updated: 6,
  is_updating: false,
  last_update_time: '2026-01-05T04:00:00.000Z',
  learning_rate: 0.05,
  note: null,
});

const headlines = [
  {
    id: 'h1',
    title: 'TCS and Infosys win deals',
    symbols: ['TCS', 'INFY'],
    topics: ['orders'],
    score: 0.6,
    event_type: 'order_win',
    timestamp: '2026-01-05T03:55:00.000Z',
  },
  {
    id: 'h2',
    title: 'ITC results miss',
    symbols: ['ITC'],
    topics: ['results'],
    score: -0.5,
    event_type: 'results',
    timestamp: '2026-01-05T03:58:00.000Z',
  },
];

let insight: Insight;
/** The insight the server itself composed (services.ml), over the real news pipeline and model engine. */
let composed: Insight | null;

beforeAll(async () => {
  testApp = await buildTestApp({
    config: { market: { seed: 7, ticksPerSecond: 0, historySessions: 30, continuousSession: false } },
  });
  ({ headers } = await signInForTest(testApp));
  const { services } = testApp;
  insight = createInsight({
    market: services.market,
    news: { headlines: () => ({ headlines }) },
    models,
    trades: () => services.trading.tradesForExport(tradesExportQuerySchema.parse({})),
    now: () => services.market.clock.now(),
  });
  composed = services.ml.insight;
  services.ml.insight = insight;
});
afterAll(() => testApp.close());

const get = (url: string, auth = headers) => testApp.app.inject({ method: 'GET', url, headers: auth });
const data = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode).toBe(200);
  expect(response.json().success).toBe(true);
  return response.json().data;
};

const ALL_CALLS = [
  '/api/ml/memory/status',
  '/api/ml/knowledge-graph/status',
  '/api/ml/learning/status',
  '/api/ml/intelligence-metrics',
  '/api/ml/autonomous-learning/status',
  '/api/ml/autonomous-learning/patterns',
  '/api/ml/enhancements/status',
  '/api/ml/ensemble/status',
  '/api/ml/explainability/status',
  '/api/ml/online-learning/status',
  '/api/ml/explanations/TCS',
];

describe('/api/ml/* status calls', () => {
  it('ask for a session', async () => {
    for (const url of ALL_CALLS) expect((await get(url, { authorization: '' })).statusCode).toBe(401);
  });

  it('build the first picture on the first request when the schedule has not run yet', async () => {
    const status = autonomousLearningStatusSchema.parse(await data('/api/ml/autonomous-learning/status'));
    expect(status).toMatchObject({ cycles_completed: 1, learning_active: false });
    expect(status.note).toMatch(/schedule is stopped/);
  });

  it('measure memory from the stored predictions and the ledger', async () => {
    const order = await testApp.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers,
      payload: { symbol: 'TCS', side: 'BUY', quantity: 1 },
    });
    expect(order.statusCode).toBe(201);
    models.ensemble = ensembleOf(120, 80, 0.6);
    models.online = onlineOf(40, 30);
    await insight.rebuild();
    const memory = memoryStatusSchema.parse(await data('/api/ml/memory/status'));
    expect(memory.breakdown).toMatchObject({
      predictions: 120,
      resolved_predictions: 80,
      trade_decisions: 1,
      closed_trades: 0,
    });
    expect(memory.total_memories).toBe(121);
    expect(memory.retention_rate).toBeCloseTo(80 / 121, 10);
    // (80/121) × (80/200)
    expect(memory.memory_health).toBeCloseTo((80 / 121) * 0.4, 10);
    expect(memory.memory_health_band).toBe('needs attention');
  });

  it('relates stocks whose measured daily returns correlate, and the stocks headlines name together', async () => {
    const graph = knowledgeGraphStatusSchema.parse(await data('/api/ml/knowledge-graph/status'));
    const { market } = testApp.services;
    const today = istDateOf(market.clock.now());
    const sectors = new Set(market.instruments.map((i) => i.sector));
    expect(graph.correlation_sessions).toBe(29);
    // Topics: orders and results (named), order_win (an event type; results is both).
    expect(graph.nodes).toEqual({ stocks: market.instruments.length, sectors: sectors.size, topics: 3 });
    expect(graph.total_nodes).toBe(market.instruments.length + sectors.size + 3);
    const { return_correlation, news_co_mention, sector_member } = graph.relationships;
    expect(graph.total_relationships).toBe(return_correlation + news_co_mention + sector_member);
    // TCS–INFY, TCS–orders, TCS–order_win, INFY–orders, INFY–order_win, ITC–results
    expect(news_co_mention).toBe(6);
    expect(graph.knowledge_depth).toBeCloseTo(graph.active_concepts / graph.total_nodes, 10);
    // The strongest correlation, measured again here from the market engine's own daily bars.
    const strongest = graph.strongest.find((r) => r.kind === 'return_correlation');
    expect(strongest).toBeDefined();
    const closes = (id: string) =>
      market.history
        .dailyBars(id.replace('stock:', ''))
        .filter((bar) => istDateOf(bar.openTime) < today)
        .map((bar) => bar.close);
    const rho = pearson(dailyReturns(closes(strongest!.source)), dailyReturns(closes(strongest!.target)));
    expect(strongest!.weight).toBeCloseTo(rho!, 10);
    expect(Math.abs(strongest!.weight)).toBeGreaterThanOrEqual(graph.correlation_threshold);
  });

  it('report learning from the online learner’s counted updates', async () => {
    const learning = learningStatusSchema.parse(await data('/api/ml/learning/status'));
    expect(learning).toMatchObject({ adaptation_success_rate: 0.75, learning_rate: 0.05, computed: true });
  });

  it('derive AI health from the measurements with the spec bands, and it moves as learning proceeds', async () => {
    const before = mlIntelligenceMetricsDataSchema.parse(await data('/api/ml/intelligence-metrics'));
    const graph = knowledgeGraphStatusSchema.parse(await data('/api/ml/knowledge-graph/status'));
    const memory = memoryStatusSchema.parse(await data('/api/ml/memory/status'));
    const model = wilsonLowerBound(48, 80)!;
    const learning = wilsonLowerBound(30, 40)!;
    expect(before.system_health.model_health).toBeCloseTo(model, 10);
    expect(before.system_health.learning_health).toBeCloseTo(learning, 10);
    const expected = overallHealth({
      model,
      learning,
      memory: memory.memory_health,
      knowledge: graph.knowledge_depth,
    });
    expect(before.system_health.overall_health).toBeCloseTo(expected!, 10);
    expect(before.system_health.overall_health).not.toBe(0.75);
    expect(before.learning_metrics.learning_event_breakdown).toEqual({
      model_updates: 40,
      pattern_recognition: expect.any(Number),
      strategy_refinements: 80,
    });
    expect(before.decision_quality.approval_rates).toEqual({ approved: 1, rejected: 0 });
    // 48 of 80 resolved predictions right, no closed trade yet.
    expect(before.decision_quality).toMatchObject({ average_quality_score: 0.6, decisions_measured: 80 });

    // More predictions resolve, more of them right: the score rises and the trend says so.
    models.ensemble = ensembleOf(900, 800, 0.7);
    models.online = onlineOf(400, 360);
    await insight.rebuild();
    const after = mlIntelligenceMetricsDataSchema.parse(await data('/api/ml/intelligence-metrics'));
    expect(after.system_health.overall_health!).toBeGreaterThan(before.system_health.overall_health! + 0.05);
    expect(after.system_health.health_trend).toBe('improving');
    expect(after.system_health.model_health).toBeCloseTo(wilsonLowerBound(560, 800)!, 10);
    expect(after.decision_quality).toMatchObject({ average_quality_score: 0.7, decisions_measured: 800 });
  });

  it('stay readable by the dashboard’s lenient reader, recommendations as titles', async () => {
    const response = await get('/api/ml/intelligence-metrics');
    const lenient = mlIntelligenceMetricsResponseSchema.parse(response.json());
    const strict = mlIntelligenceMetricsDataSchema.parse(response.json().data);
    expect(lenient.data?.shortcomings_analysis?.recommendations).toEqual(
      strict.shortcomings_analysis.recommendations.map((r) => r.title),
    );
    expect(strict.shortcomings_analysis.recommendations.every((r) => r.description.length > 0)).toBe(true);
  });

  it('list candle and news patterns with hit rates that are hits over resolved occurrences', async () => {
    const patterns = learnedPatternsSchema.parse(await data('/api/ml/autonomous-learning/patterns'));
    expect(patterns.candle_patterns.length).toBeGreaterThan(0);
    for (const pattern of patterns.candle_patterns) {
      expect(pattern.hits).toBeLessThanOrEqual(pattern.resolved);
      if (pattern.resolved > 0) expect(pattern.hit_rate).toBeCloseTo(pattern.hits / pattern.resolved, 10);
      else expect(pattern.hit_rate).toBeNull();
    }
    const status = autonomousLearningStatusSchema.parse(await data('/api/ml/autonomous-learning/status'));
    expect(status.cycles_completed).toBe(3);
    expect(status.patterns_tracked).toBe(patterns.candle_patterns.length + patterns.news_events.length);
    const resolved = [...patterns.candle_patterns, ...patterns.news_events].reduce(
      (s, p) => s + p.resolved,
      0,
    );
    expect(status.pattern_observations).toBe(resolved);
  });

  it('show each enhancement active only when it has produced something', async () => {
    const status = enhancementsStatusSchema.parse(await data('/api/ml/enhancements/status'));
    expect(status.ensemble).toEqual({ active: true, enabled: true, reason: null });
    expect(status.online_learning.active).toBe(true);
    expect(status.sentiment_analysis.active).toBe(true);
  });

  it('pass the model engine’s own ensemble, explainability and online-learning figures', async () => {
    const engine = testApp.services.ml.models;
    expect(ensembleStatusSchema.parse(await data('/api/ml/ensemble/status'))).toEqual(
      engine.ensembleStatus(),
    );
    expect(explainabilityStatusSchema.parse(await data('/api/ml/explainability/status'))).toEqual(
      engine.explainabilityStatus(),
    );
    expect(onlineLearningStatusSchema.parse(await data('/api/ml/online-learning/status'))).toEqual(
      engine.onlineLearningStatus(),
    );
  });
});

describe('GET /api/ml/explanations/:symbol', () => {
  const explanation: PredictionExplanation = {
    prediction_id: 7,
    symbol: 'TCS',
    model: 'logistic_regression',
    direction: 'up',
    probability_up: 0.62,
    confidence: 0.24,
    horizon: 'direction over the next 30 minutes',
    made_at: '2026-01-05T04:00:00.000Z',
    base_value: 0.1,
    logit: 0.49,
    contributions: [{ feature: 'return_5m', value: 1.2, mean: 0.2, weight: 0.39, contribution: 0.39 }],
    top_reasons: ['5-minute return 1.20 (usual 0.20) pushes towards up by 0.390'],
  };

  afterEach(() => jest.restoreAllMocks());

  it('refuses a malformed symbol and names an unknown one', async () => {
    const bad = await get('/api/ml/explanations/TC%24S');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/letters, digits/);
    const unknown = await get('/api/ml/explanations/NOTASTOCK');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toMatch(/not a stock the models follow/);
  });

  it('says when no prediction has been made for the stock', async () => {
    const response = await get('/api/ml/explanations/tcs');
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe(
      'No prediction has been made for TCS yet, so there is nothing to explain.',
    );
  });

  it('returns the newest prediction’s contributions, which sum with the base value to the logit', async () => {
    const explain = jest.spyOn(testApp.services.ml.models, 'explain').mockReturnValue(explanation);
    const body = predictionExplanationSchema.parse(await data('/api/ml/explanations/TCS'));
    expect(explain).toHaveBeenCalledWith('TCS');
    expect(body.base_value + body.contributions.reduce((s, c) => s + c.contribution, 0)).toBeCloseTo(
      body.logit,
      10,
    );
  });

  it('never sends a NaN: a figure that fails its contract is a 503 with a sentence', async () => {
    jest.spyOn(testApp.services.ml.models, 'explain').mockReturnValue({ ...explanation, logit: Number.NaN });
    const response = await get('/api/ml/explanations/TCS');
    expect(response.statusCode).toBe(503);
    expect(response.body).not.toMatch(/NaN/);
    expect(response.json().code).toBe('ml_figures_invalid');
  });
});

describe('without insight', () => {
  it('answers 503 with a sentence', async () => {
    testApp.services.ml.insight = null;
    const response = await get('/api/ml/memory/status');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toBe(INSIGHT_DOWN);
    testApp.services.ml.insight = insight;
  });
});

describe('the insight the server composes', () => {
  it('reads the real model engine, news pipeline and ledger without a seam problem', async () => {
    expect(composed).not.toBeNull();
    testApp.services.ml.insight = composed;
    try {
      const metrics = mlIntelligenceMetricsDataSchema.parse(await data('/api/ml/intelligence-metrics'));
      // Nothing is missing: news, models and ledger all answered in shapes insight reads.
      expect(metrics.system_health.emergency_alerts).toBe(0);
      expect(metrics.note).toBeNull();
      const enhancements = enhancementsStatusSchema.parse(await data('/api/ml/enhancements/status'));
      expect(enhancements.ensemble.enabled).toBe(true);
      expect(enhancements.online_learning.enabled).toBe(true);
      expect(enhancements.sentiment_analysis.enabled).toBe(true);
      const memory = memoryStatusSchema.parse(await data('/api/ml/memory/status'));
      expect(memory.breakdown.predictions).toBe(
        testApp.services.ml.models.ensembleStatus().total_predictions,
      );
      expect(memory.breakdown.trade_decisions).toBe(
        testApp.services.trading.tradesForExport(tradesExportQuerySchema.parse({})).length,
      );
    } finally {
      testApp.services.ml.insight = insight;
    }
  });
});
