import type { Engine } from '../../core/ports/engine';

/** The database opens when the runtime is built (migrations included) and closes last, after every engine. */
export function createStorageEngine(db: { close(): void; readonly open: boolean }): Engine {
  return {
    name: 'storage',
    start() {},
    async stop() {
      if (db.open) db.close();
    },
  };
}
