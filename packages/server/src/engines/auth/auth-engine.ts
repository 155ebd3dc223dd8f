import type { Engine } from '../../core/ports/engine';

/** Sign-in has nothing to start; stopping clears the timer that removes a lapsed setup-link file. */
export function createAuthEngine(auth: { stop(): void }): Engine {
  return {
    name: 'auth',
    start() {},
    async stop() {
      auth.stop();
    },
  };
}
