// A remote's own page (no host) runs this before the remote's main chunk. Remotes are built with
// the federation runtime's core left out (`experiments.externalRuntime`): inside the shell they use
// the host's copy, published on this global by `provideExternalRuntime`; on their own page nothing
// publishes it, so this script does (docs/decisions/0045).
import * as runtimeCore from 'federation-runtime-core';

(globalThis as { _FEDERATION_RUNTIME_CORE?: unknown })._FEDERATION_RUNTIME_CORE = runtimeCore;
