import type { Engine } from '../../core/ports/engine';

export interface RegistryEngineDeps {
  registry: { watch(onChange: (document: unknown) => void): () => void };
  publish(topic: string, data: unknown): void;
}

/** A registry change (script or PUT) reaches open browsers at once on the `registry` topic. */
export function createRegistryEngine({ registry, publish }: RegistryEngineDeps): Engine {
  let unwatch: (() => void) | null = null;
  return {
    name: 'registry',
    start() {
      unwatch ??= registry.watch((document) => publish('registry', document));
    },
    async stop() {
      unwatch?.();
      unwatch = null;
    },
  };
}
