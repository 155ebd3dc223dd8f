export {};

// `npm run bench -- <name>`: runs one benchmark; each prints `metric: value unit` lines.
const BENCHES: Record<string, { about: string; load: () => Promise<{ run(): Promise<void> }> }> = {
  bundle: {
    about: 'first-load JS of the host and each remote, gzipped, and React downloads',
    load: () => import('./bundle.bench'),
  },
  ticks: {
    about: 'Upstox V3 protobuf decode + 1 s / 1 min candle aggregation on one core',
    load: () => import('./ticks.bench'),
  },
  orders: {
    about: 'durable paper orders through the whole path vs a bare SQLite insert loop',
    load: () => import('./orders.bench'),
  },
  fuzz: {
    about: 'random requests to every API route, signed in and out: 5xx, leaks, ledger invariants',
    load: () => import('./fuzz.bench'),
  },
  analytics: {
    about: 'performance analytics and returns per period on 100,000 closed trades, vs the /api/health floor',
    load: () => import('./analytics.bench'),
  },
  storage: {
    about:
      'PostgreSQL behind the same repositories vs SQLite: a statement round trip and a durable paper order',
    load: () => import('./storage.bench'),
  },
  fanout: {
    about: 'stream fan-out to 100 loopback WebSocket clients vs a bare ws broadcast',
    load: () => import('./fanout.bench'),
  },
  risk: {
    about:
      'risk metrics and positions for 50 positions over a year of closes, vs the /api/health floor; Emergency Stop',
    load: () => import('./risk.bench'),
  },
  structure: {
    about:
      "the server's import graph (cycles, imports against the layer order, files over 250 lines) and the runtime's build/start/stop",
    load: () => import('./structure.bench'),
  },
  scale: {
    about:
      'stream deliveries/s and paper orders/s with one and with two API instances on PostgreSQL + Redis, side by side',
    load: () => import('./scale.bench'),
  },
  ml: {
    about:
      'news lexicon headlines/s vs the sentiment package (AFINN); ensemble predict+explain and online update p99',
    load: () => import('./ml.bench'),
  },
  http: {
    about:
      "GET /api/health through the API vs a bare node:http server (same bytes, same client); the dashboard's three heaviest calls",
    load: () => import('./http.bench'),
  },
  'event-loop': {
    about:
      'health, order and Emergency Stop latency under a 200-client burst; loop delay during a cold 100k-trade rebuild and the start-up replay',
    load: () => import('./event-loop.bench'),
  },
  federation: {
    about: 'the dashboard federated vs built as one bundle: JS bytes, requests, time to figures, ratios',
    load: () => import('./federation.bench'),
  },
  backtest: {
    about:
      'one-minute bars/s through the live strategy and paper broker vs a bare read of the same bars; a 60-session × 59-symbol run',
    load: () => import('./backtest.bench'),
  },
  'first-paint': {
    about:
      "/dashboard's figures after sign-in, on loopback and with the CPU throttled 4x (goals 1.0 s, 2.5 s)",
    load: () => import('./first-paint.bench'),
  },
};

const name = process.argv[2];
const bench = name ? BENCHES[name] : undefined;
if (!bench) {
  console.log('usage: npm run bench -- <name>\n');
  for (const [key, { about }] of Object.entries(BENCHES)) console.log(`  ${key.padEnd(8)} ${about}`);
  process.exit(name ? 2 : 0);
}
console.log(`bench: ${name} on ${(await import('node:os')).cpus().length} cores, node ${process.version}`);
await (await bench.load()).run();
process.exit(0);
