import fs from 'node:fs';
import path from 'node:path';
import { cruise } from 'dependency-cruiser';

// `pnpm structure`: the figures of the server's shape, measured from its import graph (tests
// excluded): cycles between folders, imports pointing up the layer order, files over 250 lines.
// The lint rules in .dependency-cruiser.cjs keep the first two at 0; this prints the numbers.

const SRC = 'packages/server/src/';
// The layer order, bottom first (see .dependency-cruiser.cjs and docs/architecture/server.md).
const LAYERS = [
  'core',
  'storage',
  ...['auth', 'stream', 'market', 'data-sources', 'broker', 'analytics', 'safety', 'signals', 'ml'].map(
    (e) => `engines/${e}`,
  ),
  ...['strategy', 'backtest', 'risk', 'research', 'ops', 'registry'].map((e) => `engines/${e}`),
  'status',
  'http',
  'runtime',
  'entry',
];
// Word lists and other data: long by nature, not by design.
const DATA_TABLES = new Set(['finance-terms.ts']);

// Before the layer folders existed, the same layers were spread over these names; mapping them
// lets the script measure the old tree against the same order.
const FORMER: Record<string, string> = {
  db: 'storage',
  security: 'storage',
  'logger.ts': 'runtime',
  'process-policy.ts': 'runtime',
  'config.ts': 'runtime',
  'services.ts': 'runtime',
  'app.ts': 'http',
  routes: 'http',
  platform: 'engines/registry',
  'strategy/signals': 'engines/signals',
};

function folderOf(file: string): string {
  const rel = file.slice(SRC.length);
  const [top = '', next = ''] = rel.split('/');
  if (!next) return FORMER[top] ?? 'entry';
  if (top === 'engines') return `engines/${next}`;
  const former = FORMER[`${top}/${next}`] ?? FORMER[top];
  if (former) return former;
  return LAYERS.includes(`engines/${top}`) ? `engines/${top}` : top;
}

function stronglyConnected(nodes: string[], edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const seen = new Map<string, { index: number; low: number; onStack: boolean }>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    const mark = { index, low: index, onStack: true };
    index += 1;
    seen.set(v, mark);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      const other = seen.get(w);
      if (!other) {
        visit(w);
        mark.low = Math.min(mark.low, seen.get(w)!.low);
      } else if (other.onStack) mark.low = Math.min(mark.low, other.index);
    }
    if (mark.low === mark.index) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        seen.get(w)!.onStack = false;
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of nodes) if (!seen.has(v)) visit(v);
  return groups;
}

const result = await cruise([SRC], {
  exclude: { path: '(node_modules|\\.test\\.tsx?$|/test-support/)' },
  doNotFollow: { path: 'node_modules' },
  tsPreCompilationDeps: true,
});
if (typeof result.output === 'string') throw new Error(result.output);
const modules = result.output.modules.filter((m) => m.source.startsWith(SRC));

const folderEdges = new Map<string, Set<string>>();
const fileEdges = new Map<string, Set<string>>();
const upward = new Map<string, number>();
for (const m of modules) {
  const from = folderOf(m.source);
  for (const d of m.dependencies) {
    if (!d.resolved.startsWith(SRC) || /\.test\.tsx?$|\/test-support\//.test(d.resolved)) continue;
    const to = folderOf(d.resolved);
    if (!fileEdges.has(m.source)) fileEdges.set(m.source, new Set());
    fileEdges.get(m.source)!.add(d.resolved);
    if (from === to) continue;
    if (!folderEdges.has(from)) folderEdges.set(from, new Set());
    folderEdges.get(from)!.add(to);
    const rank = (f: string) => LAYERS.indexOf(f);
    if (rank(from) === -1 || rank(to) === -1 || rank(to) > rank(from)) {
      const key = `${from} → ${to}`;
      upward.set(key, (upward.get(key) ?? 0) + 1);
    }
  }
}

const folderCycles = stronglyConnected([...folderEdges.keys()], folderEdges);
const fileCycles = stronglyConnected([...fileEdges.keys()], fileEdges);
const large = modules
  .map((m) => ({ file: m.source, lines: fs.readFileSync(m.source, 'utf8').split('\n').length }))
  .filter(({ file, lines }) => lines > 250 && !DATA_TABLES.has(path.basename(file)))
  .sort((a, b) => b.lines - a.lines);

console.log(`server files (tests excluded): ${modules.length}`);
console.log(`folder cycles: ${folderCycles.length}`);
for (const c of folderCycles) console.log(`  ${c.join(', ')}`);
console.log(`file cycles: ${fileCycles.length}`);
for (const c of fileCycles) console.log(`  ${c.map((f) => path.relative(SRC, f)).join(', ')}`);
const upwardImports = [...upward.values()].reduce((a, b) => a + b, 0);
console.log(
  `imports against the layer order (or from outside a layer): ${upward.size} folder arrows, ${upwardImports} imports`,
);
for (const [arrow, n] of [...upward].sort((a, b) => b[1] - a[1])) console.log(`  ${arrow} (${n})`);
console.log(`files over 250 lines (data tables excluded): ${large.length}`);
for (const { file, lines } of large) console.log(`  ${lines} ${file.slice(SRC.length)}`);
