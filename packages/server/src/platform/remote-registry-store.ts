import fs from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  type RemoteEntry,
  type RemoteName,
  type RemoteRegistry,
  remoteRegistrySchema,
} from '@td/contracts';

/** Where each remote's default build lives: its own origin, under a versioned, immutable path. */
export function defaultRegistry(publicHost: string, ports: Record<RemoteName, number>): RemoteRegistry {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      {
        manifest_url: `http://${publicHost}:${ports[name]}/mf-${name}/1.0.0/mf-manifest.json`,
        version: '1.0.0',
      },
    ]),
  ) as Record<RemoteName, RemoteEntry>;
  return { remotes, updated_at: new Date(0).toISOString() };
}

/**
 * The runtime registry document, kept as a JSON file in the data folder so that ops can change it
 * (`pnpm remote:use …`, or PUT /api/platform/registry) without rebuilding or restarting anything.
 */
export class RemoteRegistryStore {
  private cached: { mtimeMs: number; registry: RemoteRegistry } | null = null;

  constructor(
    private readonly file: string,
    private readonly defaults: RemoteRegistry,
  ) {}

  read(): RemoteRegistry {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return this.defaults;
    }
    if (this.cached?.mtimeMs === stat.mtimeMs) return this.cached.registry;
    const parsed = remoteRegistrySchema.safeParse(JSON.parse(fs.readFileSync(this.file, 'utf8')));
    // A hand-edited file that does not parse keeps the last good document rather than blanking the shell.
    if (!parsed.success) return this.cached?.registry ?? this.defaults;
    const registry = { ...parsed.data, remotes: { ...this.defaults.remotes, ...parsed.data.remotes } };
    this.cached = { mtimeMs: stat.mtimeMs, registry };
    return registry;
  }

  /** Calls back when the file changes on disk (an ops edit), checked every `intervalMs`. */
  watch(onChange: (registry: RemoteRegistry) => void, intervalMs = 1000): () => void {
    const listener = () => onChange(this.read());
    fs.watchFile(this.file, { interval: intervalMs, persistent: false }, listener);
    return () => fs.unwatchFile(this.file, listener);
  }

  use(name: RemoteName, entry: RemoteEntry): RemoteRegistry {
    const current = this.read();
    const next: RemoteRegistry = {
      remotes: { ...current.remotes, [name]: entry },
      updated_at: new Date().toISOString(),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`);
    fs.renameSync(temp, this.file);
    return next;
  }
}
