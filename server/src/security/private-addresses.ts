import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which addresses a webhook may never reach unless private networks are allowed: the special-use
 * ranges of RFC 6890 (IANA's IPv4 and IPv6 special-purpose registries) that lead into the
 * service's own host or network. Pure: the DNS lookup and the connection are in destination.ts.
 */
const ipv4Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv6Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['100::', 64, 'discard'],
  ['2001:db8::', 32, 'documentation'],
  ['fc00::', 7, 'unique local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

/**
 * IPv6 forms that carry an IPv4 address, which is then what the packet reaches: IPv4-mapped
 * (::ffff:0:0/96), IPv4-compatible (::/96, deprecated), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
const embeddedIpv4: ReadonlyArray<readonly [string, number, number]> = [
  ['::ffff:0:0', 96, 12],
  ['::', 96, 12],
  ['64:ff9b::', 96, 12],
  ['2002::', 16, 2],
];

/** Why `address` (an IP literal) is not allowed as a webhook destination, or null when it is public. */
export function forbiddenAddressReason(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return reasonForIpv4(ipv4Bytes(bare));
  if (!isIPv6(bare)) return 'not an IP address';
  const bytes = ipv6Bytes(bare);
  for (const [prefix, length, offset] of embeddedIpv4) {
    if (inRange(bytes, ipv6Bytes(prefix), length)) {
      // ::/96 also holds :: and ::1, which are IPv6's own unspecified and loopback addresses.
      if (prefix === '::' && bytes.subarray(12).readUInt32BE(0) <= 1) break;
      const reason = reasonForIpv4(bytes.subarray(offset, offset + 4));
      return reason ? `${reason} (IPv4 in IPv6 ${prefix}/${length})` : null;
    }
  }
  for (const [prefix, length, reason] of ipv6Ranges) if (inRange(bytes, ipv6Bytes(prefix), length)) return `${reason} (${prefix}/${length})`;
  return null;
}

function reasonForIpv4(bytes: Uint8Array): string | null {
  for (const [prefix, length, reason] of ipv4Ranges) if (inRange(bytes, ipv4Bytes(prefix), length)) return `${reason} (${prefix}/${length})`;
  if (bytes.every((byte) => byte === 255)) return 'broadcast (255.255.255.255/32)';
  return null;
}

function inRange(address: Uint8Array, prefix: Uint8Array, length: number): boolean {
  for (let bit = 0; bit < length; bit++) {
    const mask = 0x80 >> (bit % 8);
    if ((address[bit >> 3]! & mask) !== (prefix[bit >> 3]! & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): Buffer {
  return Buffer.from(address.split('.').map(Number));
}

/** The 16 bytes of an IPv6 address, `::` and a trailing dotted IPv4 part included. */
function ipv6Bytes(address: string): Buffer {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  const bytes = Buffer.alloc(16);
  groups.forEach((group, index) => bytes.writeUInt16BE(parseInt(group, 16), index * 2));
  return bytes;
}
