import { randomUUID } from 'node:crypto';
import type { FeedMode } from '../../market-types';

export type UpstoxFeedMethod = 'sub' | 'unsub' | 'change_mode';

/**
 * A subscription request for the V3 feed. Upstox reads requests only from binary frames, so the
 * JSON goes out as a Buffer (ws sends Buffers as binary).
 */
export function buildFeedRequest(
  method: UpstoxFeedMethod,
  instrumentKeys: string[],
  mode?: FeedMode,
  guid: string = randomUUID(),
): Buffer {
  const data = mode === undefined ? { instrumentKeys } : { mode, instrumentKeys };
  return Buffer.from(JSON.stringify({ guid, method, data }));
}
