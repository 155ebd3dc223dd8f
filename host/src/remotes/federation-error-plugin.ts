import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** Failures seen by the federation runtime, newest last, for the diagnostics view. */
export const federationFailures: { id: string; lifecycle: string; message: string; at: string }[] = [];

/**
 * errorLoadRemote: a remote whose manifest or entry cannot be loaded is recorded and its load
 * rejects, so only that section shows its fallback; the host and every other remote keep booting.
 */
export default function federationErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'td-contained-remote-failures',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      federationFailures.push({ id, lifecycle, message, at: new Date().toISOString() });
      if (federationFailures.length > 50) federationFailures.shift();
      console.warn(`[federation] ${id} failed during ${lifecycle}: ${message}`);
      return undefined;
    },
  };
}
