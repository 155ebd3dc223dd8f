import { type RemoteName, type RemoteRegistry, remoteEntrySchema } from '@td/contracts';
import { z } from 'zod';
import { OPS_TOKEN_HEADER } from '../../storage/secrets/ops-token';

/** The parts of a Module Federation mf-manifest.json the host relies on (packages/platform/build/federation.ts). */
const remoteManifestSchema = z.object({
  name: z.string(),
  metaData: z.object({ remoteEntry: z.object({ name: z.string().min(1) }) }),
  exposes: z.array(z.object({ name: z.string(), path: z.string() })),
});

/** A swap `pnpm remote:use` refuses; the message says what to fix, and the registry is unchanged. */
export class UseRemoteError extends Error {
  override name = 'UseRemoteError';
}

export interface UseRemoteOptions {
  name: RemoteName;
  version: string;
  manifestUrl: string;
  /** The running API server, e.g. http://localhost:8082. */
  apiUrl: string;
  /** OPS_TOKEN or DATA_DIR/ops.token (readOpsToken); null when there is none. */
  opsToken: string | null;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * `pnpm remote:use`: checks that the manifest can be fetched and is the named remote's build, then
 * asks the running server to swap it in (PUT /api/platform/registry with the ops token), so the server's
 * origin check and swap log apply to every change. Throws UseRemoteError before anything is written.
 */
export async function useRemote(options: UseRemoteOptions): Promise<RemoteRegistry> {
  const { name, version, manifestUrl, apiUrl } = options;
  const fetchImpl = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 5000;
  const entry = remoteEntrySchema.safeParse({ manifest_url: manifestUrl, version });
  if (!entry.success) throw new UseRemoteError(entry.error.issues.map((issue) => issue.message).join('; '));
  if (!options.opsToken)
    throw new UseRemoteError(
      'No ops token: start the server once so that it creates DATA_DIR/ops.token, or set OPS_TOKEN to the server’s.',
    );
  await checkManifest(name, version, manifestUrl, fetchImpl, timeoutMs);

  let response: Response;
  try {
    response = await fetchImpl(`${apiUrl}/api/platform/registry`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', [OPS_TOKEN_HEADER]: options.opsToken },
      body: JSON.stringify({ name, entry: entry.data }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new UseRemoteError(
      `The API server at ${apiUrl} did not answer (${reason(error)}); start it (npm start) and try again. The registry is unchanged.`,
    );
  }
  const body = (await response.json().catch(() => null)) as {
    data?: RemoteRegistry;
    error?: string;
  } | null;
  if (!response.ok || !body?.data)
    throw new UseRemoteError(
      `The server refused the swap (${response.status}): ${body?.error ?? 'no reason given'} The registry is unchanged.`,
    );
  return body.data;
}

async function checkManifest(
  name: RemoteName,
  version: string,
  manifestUrl: string,
  fetchImpl: typeof fetch,
  timeoutMs: number,
): Promise<void> {
  let text: string;
  try {
    const response = await fetchImpl(manifestUrl, { signal: AbortSignal.timeout(timeoutMs) });
    if (!response.ok)
      throw new UseRemoteError(
        `${manifestUrl} answered ${response.status}: is mf-${name} ${version} published there? The registry is unchanged.`,
      );
    text = await response.text();
  } catch (error) {
    if (error instanceof UseRemoteError) throw error;
    throw new UseRemoteError(`Could not fetch ${manifestUrl} (${reason(error)}). The registry is unchanged.`);
  }
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new UseRemoteError(
      `${manifestUrl} is not JSON, so it is not an mf-manifest.json. The registry is unchanged.`,
    );
  }
  const manifest = remoteManifestSchema.safeParse(document);
  if (!manifest.success)
    throw new UseRemoteError(
      `${manifestUrl} is not a Module Federation manifest (${manifest.error.issues[0]?.path.join('.')}: ${manifest.error.issues[0]?.message}). The registry is unchanged.`,
    );
  const expected = `mf_${name}`;
  if (manifest.data.name !== expected)
    throw new UseRemoteError(
      `${manifestUrl} is the manifest of ${manifest.data.name}, not ${expected}. The registry is unchanged.`,
    );
  if (!manifest.data.exposes.some((expose) => expose.path === './app'))
    throw new UseRemoteError(
      `${manifestUrl} does not expose ./app, which the shell loads. The registry is unchanged.`,
    );
}

const reason = (error: unknown) =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);
