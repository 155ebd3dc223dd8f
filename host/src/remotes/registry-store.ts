import { type ApiClient, POLL_INTERVALS } from '@td/api-client';
// The zod-free check of the same rules as remoteRegistrySchema: this runs on every page, the sign-in
// page included, before zod is needed (docs/decisions/0045).
import { type RemoteEntry, type RemoteName, type RemoteRegistry, remoteRegistryReply } from '@td/contracts';

type Listener = () => void;

const REGISTRY_PATH = '/api/platform/registry';

/**
 * The host's copy of the runtime registry. It re-reads the document on an interval and tells
 * subscribers when an entry changes, so a remote can be swapped without a page reload.
 */
export class RegistryStore {
  private registry: RemoteRegistry | null = null;
  private error: Error | null = null;
  private readonly listeners = new Set<Listener>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly api: ApiClient,
    private readonly pollMs: number = POLL_INTERVALS.registry,
    /** The registry's answer asked for before the store existed (early-remote.ts), by URL. */
    private firstRead?: (url: string) => Promise<Response> | undefined,
  ) {}

  snapshot = (): RemoteRegistry | null => this.registry;
  lastError = (): Error | null => this.error;

  entry(remote: RemoteName): RemoteEntry | undefined {
    return this.registry?.remotes[remote];
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  async refresh(): Promise<void> {
    try {
      // The first read may take the answer index.ts asked for before bootstrap (early-remote.ts),
      // checked by the ApiClient as its own; a failed or malformed one is asked for again.
      const answer = this.firstRead?.(`${this.api.baseUrl}${REGISTRY_PATH}`);
      this.firstRead = undefined;
      const reply = answer ? await this.read(answer).catch(() => this.read()) : await this.read();
      this.error = null;
      if (!sameRegistry(this.registry, reply.data)) {
        this.registry = reply.data;
        this.emit();
      }
    } catch (error) {
      // Keep serving the last good registry; a blip in the API must not unmount working sections.
      this.error = error instanceof Error ? error : new Error(String(error));
      if (!this.registry) this.emit();
    }
  }

  private read(answer?: Promise<Response>) {
    return this.api.get(REGISTRY_PATH, remoteRegistryReply, { anonymous: true, timeoutMs: 4000, answer });
  }

  start(): void {
    if (this.timer) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

function sameRegistry(a: RemoteRegistry | null, b: RemoteRegistry): boolean {
  if (!a) return false;
  const names = new Set([...Object.keys(a.remotes), ...Object.keys(b.remotes)]) as Set<RemoteName>;
  for (const name of names) {
    const left = a.remotes[name];
    const right = b.remotes[name];
    if (left?.manifest_url !== right?.manifest_url || left?.version !== right?.version) return false;
  }
  return true;
}
