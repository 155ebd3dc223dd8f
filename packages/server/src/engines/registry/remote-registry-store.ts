import fs from 'node:fs';
import path from 'node:path';
import {
  REMOTE_NAMES,
  type RemoteEntry,
  type RemoteName,
  type RemoteRegistry,
  remoteRegistrySchema,
} from '@td/contracts';
import type { Logger } from 'pino';

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

export interface RemoteRegistryOptions {
  /** The origins remote builds may come from (config.allowedRemoteOrigins); nothing else is accepted. */
  allowedOrigins: readonly string[];
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/** A registry write naming a manifest outside the allowed origins. */
export class RemoteOriginRefusedError extends Error {
  override name = 'RemoteOriginRefusedError';
}

/**
 * The runtime registry document, kept as a JSON file in the data folder so that ops can change it
 * (`pnpm remote:use …`, PUT /api/platform/registry, or by hand) without rebuilding or restarting anything.
 * A file that does not parse, or names an origin that is not allowed, is refused as a whole: the last
 * good registry stays in force and the reason is logged.
 */
export class RemoteRegistryStore {
  private cached: { mtimeMs: number; registry: RemoteRegistry } | null = null;
  private refusedMtimeMs: number | null = null;

  constructor(
    private readonly file: string,
    private readonly defaults: RemoteRegistry,
    private readonly options: RemoteRegistryOptions,
  ) {}

  read(): RemoteRegistry {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(this.file);
    } catch {
      return this.defaults;
    }
    if (this.cached?.mtimeMs === stat.mtimeMs) return this.cached.registry;
    const lastGood = this.cached?.registry ?? this.defaults;
    if (this.refusedMtimeMs === stat.mtimeMs) return lastGood;
    const parsed = this.parseFile();
    if (typeof parsed === 'string') {
      // Logged once per version of the file, not on every read.
      this.refusedMtimeMs = stat.mtimeMs;
      this.options.logger.warn(
        { file: this.file, reason: parsed },
        'remote registry file refused; the last good registry stays in force',
      );
      return lastGood;
    }
    const registry = { ...parsed, remotes: { ...this.defaults.remotes, ...parsed.remotes } };
    this.cached = { mtimeMs: stat.mtimeMs, registry };
    return registry;
  }

  /** Calls back when the file changes on disk (an ops edit), checked every `intervalMs`. */
  watch(onChange: (registry: RemoteRegistry) => void, intervalMs = 1000): () => void {
    const listener = () => {
      // Runs on a timer: nothing may throw out of it, or the process dies.
      try {
        onChange(this.read());
      } catch (error) {
        this.options.logger.error({ err: error, file: this.file }, 'remote registry change not published');
      }
    };
    fs.watchFile(this.file, { interval: intervalMs, persistent: false }, listener);
    return () => fs.unwatchFile(this.file, listener);
  }

  /** Why `entry` may not be used for `name`, or null when its origin is allowed. */
  originRefusal(name: RemoteName, entry: RemoteEntry): string | null {
    const origin = new URL(entry.manifest_url).origin;
    if (this.options.allowedOrigins.includes(origin)) return null;
    return (
      `mf-${name} may only be loaded from ${this.options.allowedOrigins.join(', ')}; ${origin} is not one of them. ` +
      'To allow another origin, add it to EXTRA_REMOTE_ORIGINS and restart the server.'
    );
  }

  use(name: RemoteName, entry: RemoteEntry): RemoteRegistry {
    const refusal = this.originRefusal(name, entry);
    if (refusal) throw new RemoteOriginRefusedError(refusal);
    const current = this.read();
    const next: RemoteRegistry = {
      remotes: { ...current.remotes, [name]: entry },
      updated_at: new Date().toISOString(),
    };
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    fs.renameSync(temp, this.file);
    // What was just written is the last good registry, even if the file is spoilt before the next read.
    this.cached = { mtimeMs: fs.statSync(this.file).mtimeMs, registry: next };
    const previous = current.remotes[name];
    this.options.logger.info(
      {
        remote: name,
        from_version: previous?.version ?? null,
        to_version: entry.version,
        from_manifest_url: previous?.manifest_url ?? null,
        to_manifest_url: entry.manifest_url,
      },
      `remote swapped: mf-${name} ${previous?.version ?? 'none'} → ${entry.version}`,
    );
    return next;
  }

  /** The file's registry, or the reason it cannot be used. */
  private parseFile(): RemoteRegistry | string {
    let document: unknown;
    try {
      document = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch (error) {
      return `it could not be read as JSON (${error instanceof Error ? error.message : String(error)})`;
    }
    const parsed = remoteRegistrySchema.safeParse(document);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return `it does not match the registry format (${issue?.path.join('.') || 'document'}: ${issue?.message})`;
    }
    for (const [name, entry] of Object.entries(parsed.data.remotes)) {
      const refusal = entry && this.originRefusal(name as RemoteName, entry);
      if (refusal) return refusal;
    }
    return parsed.data;
  }
}
