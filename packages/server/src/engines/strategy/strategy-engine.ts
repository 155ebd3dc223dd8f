import type { Engine } from '../../core/ports/engine';

export interface StrategyEngineDeps {
  phases: { start(): void; stop(): void };
  tradingLoop: { stop(): void };
  liveLoop: { stop(): void };
}

/**
 * The phase engine runs with the server; the loops are started by the mode controller, but both
 * end here whatever the mode, so no loop timer outlives the strategy.
 */
export function createStrategyEngine({ phases, tradingLoop, liveLoop }: StrategyEngineDeps): Engine {
  return {
    name: 'strategy',
    start: () => phases.start(),
    async stop() {
      tradingLoop.stop();
      liveLoop.stop();
      phases.stop();
    },
  };
}
