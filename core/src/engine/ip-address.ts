import ipaddr from 'ipaddr.js';

/**
 * Addresses and CIDR blocks as the `ip_address` condition reads them, parsed by ipaddr.js (never by
 * hand), in the strict forms people write: IPv4 as four decimal parts without leading zeros (ipaddr.js
 * alone also reads `010.0.0.1` as octal and `10.1` as 10.0.0.1, which a policy author and a caller
 * would read differently), IPv6 in its text forms without a zone (`%eth0`). An IPv4-mapped IPv6
 * address (`::ffff:10.0.0.1`) is its IPv4 address, so one block matches both spellings of a client.
 */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

export interface IpBlock {
  address: IpAddress;
  bits: number;
  /** As written, for explanations. */
  text: string;
}

const decimalIpv4 = /^(0|[1-9]\d{0,2})(\.(0|[1-9]\d{0,2})){3}$/;
const ipv6Text = /^[0-9A-Fa-f:.]+$/;

/**
 * The last text parsed and its address: every ip_address condition of a decision reads the same
 * context.ip_address, and ipaddr.js parsing it again for each rule was most of the condition's cost
 * (profiled in the engine bench). The addresses are never changed by their readers.
 */
let lastParsed: { text: string; address: IpAddress | undefined; shown: string | undefined } | undefined;

/** The address, or undefined when the text is not one in a strict form. */
export function parseIpAddress(text: unknown): IpAddress | undefined {
  if (typeof text !== 'string' || text.length > 45) return undefined;
  if (lastParsed?.text === text) return lastParsed.address;
  const address = parseStrict(text);
  lastParsed = { text, address, shown: undefined };
  return address;
}

/** The address in its normal form (`::ffff:10.0.0.1` reads 10.0.0.1), written once for the last address parsed. */
export function showIpAddress(address: IpAddress): string {
  if (lastParsed?.address !== address) return address.toString();
  return (lastParsed.shown ??= address.toString());
}

function parseStrict(text: string): IpAddress | undefined {
  if (decimalIpv4.test(text)) return ipaddr.IPv4.isValid(text) ? ipaddr.IPv4.parse(text) : undefined;
  if (!text.includes(':') || !ipv6Text.test(text)) return undefined;
  const hex = text.includes('.') ? dottedTailAsGroups(text) : text;
  if (hex === undefined || !ipaddr.IPv6.isValid(hex)) return undefined;
  const address = ipaddr.IPv6.parse(hex);
  return address.isIPv4MappedAddress() ? address.toIPv4Address() : address;
}

/**
 * An IPv6 text whose last 32 bits are written as an IPv4 address, with them as two hex groups:
 * ipaddr.js reads `::10.0.0.1` as the IPv4-mapped `::ffff:a00:1`, where RFC 4291 (2.5.5.1), Go,
 * Python and glibc read the deprecated IPv4-compatible `::a00:1`, which no IPv4 block holds.
 */
function dottedTailAsGroups(text: string): string | undefined {
  const colon = text.lastIndexOf(':');
  const dotted = text.slice(colon + 1);
  if (!decimalIpv4.test(dotted) || !ipaddr.IPv4.isValid(dotted)) return undefined;
  const [a, b, c, d] = ipaddr.IPv4.parse(dotted).octets as [number, number, number, number];
  return `${text.slice(0, colon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a bare address (its own /32 or /128); undefined when not one. */
export function parseIpBlock(text: unknown): IpBlock | undefined {
  if (typeof text !== 'string' || text.length > 64) return undefined;
  const slash = text.indexOf('/');
  const address = parseIpAddress(slash === -1 ? text : text.slice(0, slash));
  if (address === undefined) return undefined;
  const writtenAsIpv6 = text.slice(0, slash === -1 ? text.length : slash).includes(':');
  const mapped = writtenAsIpv6 && address.kind() === 'ipv4';
  if (slash === -1) return { address, bits: address.kind() === 'ipv4' ? 32 : 128, text };
  const bitsText = text.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(bitsText)) return undefined;
  let bits = Number(bitsText);
  if (bits > (writtenAsIpv6 ? 128 : 32)) return undefined;
  // ::ffff:10.0.0.0/104 is 10.0.0.0/8: the mapped prefix counts 96 of the IPv6 bits.
  if (mapped) {
    if (bits < 96) return undefined;
    bits -= 96;
  }
  return { address, bits, text };
}

/** Whether the address lies within the block; an IPv4 address is never within an IPv6 block, nor the reverse. */
export function ipInBlock(address: IpAddress, block: IpBlock): boolean {
  if (address.kind() !== block.address.kind()) return false;
  return address.match(block.address as never, block.bits);
}

/** The first and last address of a block, as integers (for analysis: addresses in, around and between blocks). */
export function ipBlockRange(block: IpBlock): { first: bigint; last: bigint; kind: 'ipv4' | 'ipv6' } {
  const kind = block.address.kind();
  const width = kind === 'ipv4' ? 32 : 128;
  const value = block.address.toByteArray().reduce((sum, byte) => (sum << 8n) | BigInt(byte), 0n);
  const hostBits = BigInt(width - block.bits);
  const first = (value >> hostBits) << hostBits;
  return { first, last: first + (1n << hostBits) - 1n, kind };
}

/** The address of an integer, or undefined outside the family's range. */
export function ipFromBigInt(value: bigint, kind: 'ipv4' | 'ipv6'): string | undefined {
  const width = kind === 'ipv4' ? 32 : 128;
  if (value < 0n || value >= 1n << BigInt(width)) return undefined;
  const bytes: number[] = [];
  for (let shift = width - 8; shift >= 0; shift -= 8) bytes.push(Number((value >> BigInt(shift)) & 0xffn));
  return ipaddr.fromByteArray(bytes).toString();
}
