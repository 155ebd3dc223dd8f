import type { Page } from 'playwright-core';

interface Row {
  name: string;
  start: number;
  end: number;
}

/**
 * Prints one open's request chain as the page saw it (Resource Timing, ms from navigation start),
 * the main thread's long tasks and the moment the figures showed: where the time to figures goes.
 * Only with BENCH_WATERFALL=1, so the figures a bench prints stay the same without it.
 */
export async function printWaterfall(page: Page, figuresMs: number, label: string): Promise<void> {
  if (process.env.BENCH_WATERFALL !== '1') return;
  const { rows, longTasks, domInteractive } = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return {
      domInteractive: nav?.domInteractive ?? 0,
      rows: [
        { name: 'document', start: 0, end: nav?.responseEnd ?? 0 },
        ...performance
          .getEntriesByType('mark')
          .map((m) => ({ name: `mark ${m.name}`, start: m.startTime, end: m.startTime })),
        ...resources.map((r) => {
          const url = new URL(r.name);
          return { name: `${url.port} ${url.pathname}${url.search}`, start: r.startTime, end: r.responseEnd };
        }),
      ],
      longTasks: (window as { __longTasks?: [number, number][] }).__longTasks ?? [],
    };
  });
  const lines = (rows as Row[])
    .filter((r) => r.start <= figuresMs)
    .sort((a, b) => a.start - b.start)
    .map((r) => `${r.start.toFixed(0).padStart(6)} ${r.end.toFixed(0).padStart(6)}  ${r.name}`);
  console.log(`waterfall (${label}): start end (ms), dom interactive ${domInteractive.toFixed(0)} ms`);
  for (const line of lines) console.log(line);
  const busy = longTasks.filter(([start]) => start <= figuresMs);
  console.log(`long tasks before figures: ${busy.map(([s, d]) => `${s}+${d}`).join(' ')}`);
  console.log(`figures at ${figuresMs.toFixed(0)} ms`);
}
