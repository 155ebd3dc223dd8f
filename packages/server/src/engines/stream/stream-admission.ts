import { STREAM_CLOSE_CODES } from '@td/contracts';

/** Streams that may wait unauthenticated at once, from all addresses together. */
export const MAX_WAITING_STREAMS = 20;
/** Streams one address may keep waiting unauthenticated at once. */
export const MAX_WAITING_STREAMS_PER_ADDRESS = 4;

/**
 * The streams that have connected but not yet signed in, in arrival order, kept apart from the
 * signed-in streams so that anonymous sockets can never take a signed-in trader's place. When a
 * newcomer would exceed a cap, the oldest waiting stream (of that address when the address is at its
 * own cap) makes room: a real client signs in within milliseconds of connecting, so the newest
 * socket is the one worth keeping, and one address cannot crowd out the others.
 */
export class WaitingStreams<T> {
  private readonly waiting = new Map<T, string>();

  constructor(
    private readonly maxWaiting = MAX_WAITING_STREAMS,
    private readonly maxPerAddress = MAX_WAITING_STREAMS_PER_ADDRESS,
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  /** Adds `stream` from `address`; returns the waiting stream it displaces, if any (the caller closes it). */
  admit(stream: T, address: string): T | null {
    let displaced: T | null = null;
    if (this.countFrom(address) >= this.maxPerAddress) displaced = this.oldest(address);
    else if (this.waiting.size >= this.maxWaiting) displaced = this.oldest(null);
    if (displaced !== null) this.waiting.delete(displaced);
    this.waiting.set(stream, address);
    return displaced;
  }

  /** Signed in, closed or displaced: no longer waiting. */
  remove(stream: T): void {
    this.waiting.delete(stream);
  }

  private countFrom(address: string): number {
    let count = 0;
    for (const from of this.waiting.values()) if (from === address) count++;
    return count;
  }

  /** Map order is insertion order: the first match is the one that has waited longest. */
  private oldest(address: string | null): T | null {
    for (const [stream, from] of this.waiting) if (address === null || from === address) return stream;
    return null;
  }
}

/** Why a stream may not sign in beside the `others` already open: its session's cap, or the server's. */
export function signInRefusal(
  others: Iterable<{ token: string | null }>,
  token: string,
  caps: { perSession: number; signedIn: number },
): { code: number; error: string } | null {
  let sameSession = 0;
  let signedIn = 0;
  for (const other of others) {
    if (other.token === null) continue;
    signedIn++;
    if (other.token === token) sameSession++;
  }
  if (sameSession >= caps.perSession) {
    const error = `At most ${caps.perSession} live streams per sign-in; close other dashboard tabs first.`;
    return { code: STREAM_CLOSE_CODES.tooManyForSession, error };
  }
  if (signedIn >= caps.signedIn) {
    const error = `The server holds at most ${caps.signedIn} signed-in streams; try again shortly.`;
    return { code: STREAM_CLOSE_CODES.serverFull, error };
  }
  return null;
}
