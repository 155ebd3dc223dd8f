import type { Engine } from '../core/ports/engine';

/** The database opens when the runtime is built (migrations included) and closes last, after every engine. */
export function createStorageEngine(storage: { close(): void }): Engine {
  let open = true;
  return {
    name: 'storage',
    start() {},
    async stop() {
      if (open) storage.close();
      open = false;
    },
  };
}
