import { randomUUID } from 'node:crypto';

let lastMs = 0;
let sequence = 0;

/**
 * A UUID version 7 (RFC 9562): 48 bits of epoch milliseconds, a 12-bit sequence within the
 * millisecond, then the variant and 62 random bits (taken from a v4 UUID, whose variant matches).
 * Ids made later sort later, so the orders and fills primary-key indexes grow at their right
 * edge: a burst of orders dirties one index page instead of one random page per order, and each
 * commit writes (and fsyncs) fewer WAL pages than random v4 ids did.
 */
export function orderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    sequence = 0;
  } else if (++sequence > 0xfff) {
    // 4,096 ids in one millisecond (or a clock that went back): borrow the next one, so order is kept.
    lastMs += 1;
    sequence = 0;
  }
  const time = lastMs.toString(16).padStart(12, '0');
  const seq = sequence.toString(16).padStart(3, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${seq}-${randomUUID().slice(19)}`;
}
