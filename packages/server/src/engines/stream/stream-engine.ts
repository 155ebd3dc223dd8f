import type { Engine } from '../../core/ports/engine';

/** The stream hub accepts sockets as soon as the app listens; stopping closes them and its session checks. */
export function createStreamEngine(stream: { closeAll(): void }): Engine {
  return {
    name: 'stream',
    start() {},
    async stop() {
      stream.closeAll();
    },
  };
}
