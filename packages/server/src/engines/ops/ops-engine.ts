import type { Engine } from '../../core/ports/engine';

interface Startable {
  start(): void;
  stop(): void;
}

/** The auto-scaling monitor's process and machine sampling, and this instance's heartbeat row. */
export function createOpsEngine(infraMetrics: Startable, heartbeat: Startable): Engine {
  return {
    name: 'ops',
    start() {
      infraMetrics.start();
      heartbeat.start();
    },
    async stop() {
      // The row goes before the database closes (storage stops last), so no ghost instance is left.
      heartbeat.stop();
      infraMetrics.stop();
    },
  };
}
