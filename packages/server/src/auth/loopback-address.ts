const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** True when the TCP peer is this machine (request.ip with trustProxy off is the socket address). */
export function isLoopbackAddress(ip: string | undefined): boolean {
  return ip !== undefined && LOOPBACK.has(ip);
}
