// The registry's rules without zod: the shell checks the registry reply on every page, the sign-in
// page included, and zod is too heavy for that first load (docs/decisions/0045). remote-registry.ts
// builds the zod schema from the same names and patterns, so the two cannot drift apart.

/** The names under which the host knows its remotes. */
export const REMOTE_NAMES = ['auth', 'trading', 'analytics', 'ml', 'infra'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

export const REMOTE_VERSION_PATTERN = /^\d+\.\d+\.\d+([-+][\w.]+)?$/;
/** A manifest is fetched by the browser: only http(s), never javascript:, file: or data:. */
export const MANIFEST_URL_PROTOCOL = /^https?$/;
export const REMOTE_REGISTRY_TEXT = {
  manifestUrl: 'manifest_url must be an absolute http(s) URL of an mf-manifest.json',
  version: 'version must look like 1.4.3',
} as const;

export interface RemoteEntry {
  manifest_url: string;
  version: string;
}
/** The runtime registry: which build of each remote the host loads. Ops change it without a host rebuild. */
export interface RemoteRegistry {
  remotes: Partial<Record<RemoteName, RemoteEntry>>;
  updated_at: string;
}

export function isManifestUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const protocol = new URL(value).protocol;
    return MANIFEST_URL_PROTOCOL.test(protocol.endsWith(':') ? protocol.slice(0, -1) : protocol);
  } catch {
    return false;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readEntry(value: unknown): RemoteEntry | null {
  if (!isRecord(value) || !isManifestUrl(value.manifest_url)) return null;
  if (typeof value.version !== 'string' || !REMOTE_VERSION_PATTERN.test(value.version)) return null;
  return { manifest_url: value.manifest_url, version: value.version };
}

/** The registry with unknown keys dropped (as the zod schema does), or null when it breaks a rule. */
export function readRemoteRegistry(value: unknown): RemoteRegistry | null {
  if (!isRecord(value) || !isRecord(value.remotes) || typeof value.updated_at !== 'string') return null;
  const remotes: Partial<Record<RemoteName, RemoteEntry>> = {};
  for (const [name, raw] of Object.entries(value.remotes)) {
    if (!(REMOTE_NAMES as readonly string[]).includes(name)) return null;
    // A partial record: a name may be absent, and zod reads an undefined value as absent too.
    if (raw === undefined) continue;
    const entry = readEntry(raw);
    if (!entry) return null;
    remotes[name as RemoteName] = entry;
  }
  return { remotes, updated_at: value.updated_at };
}

/**
 * The registry reply (`{ success: true, data }`) as a reply parser for ApiClient: the same
 * `safeParse` shape a zod schema has, so the shell validates the reply without loading zod.
 */
export const remoteRegistryReply = {
  safeParse(
    value: unknown,
  ): { success: true; data: { success: true; data: RemoteRegistry } } | { success: false } {
    if (!isRecord(value) || value.success !== true) return { success: false };
    const data = readRemoteRegistry(value.data);
    return data ? { success: true, data: { success: true, data } } : { success: false };
  },
};
