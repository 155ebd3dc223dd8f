import type { Engine } from '../../core/ports/engine';

/** News, models and insight: their timers start with the engine and stop with it. */
export function createMlEngine(ml: { start(): Promise<void>; stop(): Promise<void> }): Engine {
  return {
    name: 'ml',
    start: () => ml.start(),
    async stop() {
      await ml.stop();
    },
  };
}
