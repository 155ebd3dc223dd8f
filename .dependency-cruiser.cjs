/**
 * The server's layers, enforced in `npm test` (pnpm run lint:layers). Read bottom to top:
 *
 *   core/      the trading vocabulary (orders, money, IST time, errors, mode) and the ports
 *              engines depend on (TradingVenue, repositories, Publisher, UnitOfWork, Engine). No I/O.
 *   storage/   the implementations of core's storage ports: sqlite/ (driver, migrations, one
 *              repository per aggregate) and secrets/ (files at rest). A second database is a new
 *              folder here, not an edit of the engines.
 *   engines/   one folder per engine, themselves ordered (ENGINES below). An engine imports core,
 *              storage ports and the engines below it; one above reaches it through the narrow
 *              dependencies its factory declares.
 *   status/    read models that look across several engines (engine status, tick dashboard).
 *   http/      the Fastify app, routes named like their api-client file, the auth guard and the
 *              error registry each engine fills. Routes receive the engines they use as arguments.
 *   runtime/   the composition root: configuration, the ordered engine list, start/stop, the
 *              trading-mode controller. Only main.ts and index.ts import it.
 *
 * Imports point down only, there are no cycles, and production code never imports test-support.
 */
const SRC = '^packages/server/src/';
const ENGINES = [
  'auth',
  'stream',
  'market',
  'data-sources',
  'broker',
  'analytics',
  'safety',
  'signals',
  'ml',
  'strategy',
  'backtest',
  'risk',
  'research',
  'ops',
  'registry',
];
const PRODUCTION = { path: SRC, pathNot: ['\\.test\\.tsx?$', '/test-support/'] };
const above = (i) => ENGINES.slice(i + 1).map((e) => `engines/${e}/`);

module.exports = {
  forbidden: [
    {
      name: 'no-import-cycles',
      severity: 'error',
      comment:
        'Imports point one way. A cycle means a port is missing: declare the narrow interface in the lower module and let the upper one implement it.',
      from: PRODUCTION,
      to: { circular: true, path: SRC, pathNot: ['\\.test\\.tsx?$', '/test-support/'] },
    },
    {
      name: 'core-is-the-bottom',
      severity: 'error',
      comment:
        'core/ holds the vocabulary and the ports, has no I/O and imports nothing of the server above it.',
      from: { path: `${SRC}core/` },
      to: { path: `${SRC}(storage|engines|status|http|runtime|test-support)/` },
    },
    {
      name: 'storage-implements-core-ports',
      severity: 'error',
      comment:
        'storage/ implements the ports declared in core/; it never reaches up into an engine, http or the runtime.',
      from: { path: `${SRC}storage/`, pathNot: PRODUCTION.pathNot },
      to: { path: `${SRC}(engines|status|http|runtime|test-support)/` },
    },
    ...ENGINES.map((engine, i) => ({
      name: `engine-${engine}-looks-down`,
      severity: 'error',
      comment: `engines/${engine} imports core/, storage/ and only the engines below it (${ENGINES.slice(0, i).join(', ') || 'none'}). Engines above it (${ENGINES.slice(i + 1).join(', ') || 'none'}) reach it through its factory's dependencies. Engine order: ${ENGINES.join(' < ')}.`,
      from: { path: `${SRC}engines/${engine}/`, pathNot: PRODUCTION.pathNot },
      to: { path: `${SRC}(${[...above(i), 'status/', 'http/', 'runtime/', 'test-support/'].join('|')})` },
    })),
    {
      name: 'engines-use-storage-ports',
      severity: 'error',
      comment:
        'Engines read and write through the repository and unit-of-work interfaces in core/ports; only the runtime picks the implementations (SQLite or PostgreSQL, in-process or Redis: each a storage folder, never an edit of the engines).',
      from: { path: `${SRC}(engines|status)/`, pathNot: PRODUCTION.pathNot },
      to: {
        path: [
          `${SRC}storage/(sqlite|postgres|sql|redis)/`,
          '/better-sqlite3/',
          '/node_modules/.*/(pg|ioredis)/',
        ],
      },
    },
    {
      name: 'status-reads-engines',
      severity: 'error',
      comment: 'status/ builds read models over the engines; http and the runtime are above it.',
      from: { path: `${SRC}status/`, pathNot: PRODUCTION.pathNot },
      to: { path: `${SRC}(http|runtime|test-support)/` },
    },
    {
      name: 'http-receives-engines',
      severity: 'error',
      comment:
        'http/ receives each engine it uses as an argument (riskRoutes(app, { risk })) and never imports the runtime that builds them.',
      from: { path: `${SRC}http/`, pathNot: PRODUCTION.pathNot },
      to: { path: `${SRC}(runtime|test-support)/` },
    },
    {
      name: 'only-the-entry-files-import-the-runtime',
      severity: 'error',
      comment: 'runtime/ is the top: main.ts and index.ts start it; nothing else in the server imports it.',
      from: { path: SRC, pathNot: [...PRODUCTION.pathNot, `${SRC}runtime/`, `${SRC}(main|index)\\.ts$`] },
      to: { path: `${SRC}runtime/` },
    },
    {
      name: 'every-file-has-a-layer',
      severity: 'error',
      comment:
        'Every server file lives in a layer folder (core, storage, engines/<engine>, status, http, runtime, test-support) or is one of the two entry files.',
      from: {
        path: SRC,
        pathNot: [
          `${SRC}(core|storage|engines|status|http|runtime|test-support)/`,
          `${SRC}(main|index)\\.ts$`,
          '\\.test\\.tsx?$',
        ],
      },
      to: {},
    },
    {
      name: 'no-test-support-in-production',
      severity: 'error',
      comment: 'Production code never imports test fakes; tests and scripts may.',
      from: PRODUCTION,
      to: { path: '/test-support/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Packages stay in the graph as leaves (doNotFollow), so rules can name them (better-sqlite3).
    exclude: { path: '\\.test\\.tsx?$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
