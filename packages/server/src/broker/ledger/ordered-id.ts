import { randomBytes } from 'node:crypto';

let lastMs = 0;
let sequence = 0;
let pool = Buffer.alloc(0);
let poolAt = 0;

function random(bytes: number): Buffer {
  if (poolAt + bytes > pool.length) {
    pool = randomBytes(4096);
    poolAt = 0;
  }
  poolAt += bytes;
  return pool.subarray(poolAt - bytes, poolAt);
}

/**
 * A UUID version 7 (RFC 9562): 48 bits of epoch milliseconds, a 12-bit sequence within the
 * millisecond, then 62 random bits. Ids made later sort later, so the orders and fills primary-key
 * indexes grow at their right edge: a burst of orders dirties one index page instead of one random
 * page per order, and each commit writes (and fsyncs) fewer WAL pages than random v4 ids did.
 */
export function orderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = random(2).readUInt16BE(0) & 0x3ff; // start low in the 12 bits: room to count up
  } else {
    sequence += 1;
    if (sequence > 0xfff) {
      // 4,096 ids in one millisecond: borrow the next one, so order is kept.
      lastMs += 1;
      sequence = 0;
    }
  }
  const tail = random(8);
  const hex = lastMs.toString(16).padStart(12, '0');
  const rand = tail.toString('hex');
  const variant = ((tail[0]! & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${sequence.toString(16).padStart(3, '0')}-${variant}${rand.slice(2, 4)}-${rand.slice(4, 16)}`;
}
