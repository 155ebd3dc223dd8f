import net from 'node:net';

/** Why an address may not be fetched (a sentence fragment), or null when it is a public address. */
export type AddressVerdict = string | null;

const V4_RANGES: [string, number, string][] = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local or cloud metadata address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
];

function v4ToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

function v4Verdict(ip: string, allowLoopback: boolean): AddressVerdict {
  const value = v4ToInt(ip);
  for (const [base, bits, reason] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = v4ToInt(base);
    if (value >= start && value < start + size) {
      if (allowLoopback && base === '127.0.0.0') return null;
      return reason;
    }
  }
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded dotted IPv4 tail expanded). */
export function ipv6Groups(ip: string): number[] {
  let text = ip.split('%')[0]!.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = v4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array(8 - headParts.length - tailParts.length).fill('0');
  return [...headParts, ...fill, ...tailParts].map((group) => Number.parseInt(group, 16));
}

function v6Verdict(ip: string, allowLoopback: boolean): AddressVerdict {
  const g = ipv6Groups(ip);
  const zeroUpTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  const embeddedV4 = () => `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  if (zeroUpTo(8)) return 'an unspecified address';
  if (zeroUpTo(7) && g[7] === 1) return allowLoopback ? null : 'a loopback address';
  // IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) and NAT64 (64:ff9b::a.b.c.d) carry an IPv4 address.
  if (zeroUpTo(5) && g[5] === 0xffff) return v4Verdict(embeddedV4(), allowLoopback);
  if (zeroUpTo(6)) return v4Verdict(embeddedV4(), allowLoopback) ?? 'a deprecated IPv4-compatible address';
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0))
    return v4Verdict(embeddedV4(), allowLoopback);
  // Transition prefixes carry an IPv4 address in a form no check here can vouch for: refused outright.
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return 'a local-use NAT64 address (64:ff9b:1::/48)';
  if (g[0] === 0x2002) return 'a 6to4 address (2002::/16), which tunnels to an IPv4 address';
  if (g[0] === 0x2001 && g[1] === 0) return 'a Teredo address (2001::/32), which tunnels to an IPv4 address';
  const first = g[0]!;
  if ((first & 0xfe00) === 0xfc00) return 'a private (unique local) address';
  if ((first & 0xffc0) === 0xfe80) return 'a link-local address';
  if ((first & 0xffc0) === 0xfec0) return 'a site-local address';
  if ((first & 0xff00) === 0xff00) return 'a multicast address';
  if (first === 0x2001 && g[1] === 0x0db8) return 'a documentation address';
  return null;
}

/**
 * Refuses every address a server-side fetch of a user's URL must never reach: private, loopback,
 * link-local (cloud metadata), CGNAT, multicast, unspecified and reserved ranges, IPv4 and IPv6.
 */
export function addressVerdict(ip: string, allowLoopback = false): AddressVerdict {
  const family = net.isIP(ip);
  if (family === 4) return v4Verdict(ip, allowLoopback);
  if (family === 6) return v6Verdict(ip, allowLoopback);
  return 'not an IP address';
}
