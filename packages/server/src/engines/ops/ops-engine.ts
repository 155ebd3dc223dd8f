import type { Engine } from '../../core/ports/engine';

/** The auto-scaling monitor's process and machine sampling. */
export function createOpsEngine(infraMetrics: { start(): void; stop(): void }): Engine {
  return {
    name: 'ops',
    start: () => infraMetrics.start(),
    async stop() {
      infraMetrics.stop();
    },
  };
}
