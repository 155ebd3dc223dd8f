import type { Engine } from '../../core/ports/engine';

/** The safety tick: breakers, limits and alerts checked on a timer while the server runs. */
export function createSafetyEngine(safety: { start(): void; stop(): void }): Engine {
  return {
    name: 'safety',
    start: () => safety.start(),
    async stop() {
      safety.stop();
    },
  };
}
