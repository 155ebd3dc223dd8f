// Loaded into the API server with `--import` by event-loop-workers.ts: the server's own event-loop
// delay, written to LOOP_PROBE_FILE (and the histogram started afresh) on each SIGUSR2.
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const ms = (ns) => ns / 1e6;
  process.on('SIGUSR2', () => {
    const figures = {
      p50: ms(delay.percentile(50)),
      p99: ms(delay.percentile(99)),
      max: ms(delay.max),
      samples: delay.count,
    };
    delay.reset();
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(figures));
    fs.renameSync(`${file}.tmp`, file);
  });
}
