/**
 * The address texts the engine reads (core/src/engine/ip-address.ts), as one RE2 pattern for CEL's
 * `matches`: Cerbos's `inIPAddrRange` fails with an error on anything else, and an error is neither
 * true nor unknown, so the peer asks this first. IPv4: four decimal parts 0-255 without leading
 * zeros. IPv6: RFC 4291's text forms (eight groups of 1-4 hex digits, or fewer around one `::`
 * standing for at least one group, the last two groups possibly a dotted IPv4 address), no zone.
 * test/bench/cerbos-translation.test.ts checks the pattern against the engine's parser.
 */
const octet = '(0|[1-9][0-9]?|1[0-9][0-9]|2[0-4][0-9]|25[0-5])';
export const ipv4Pattern = `${octet}(\\.${octet}){3}`;
const group = '[0-9A-Fa-f]{1,4}';

/** `count` groups joined by colons (`count` ≥ 1). */
const groups = (count: number): string => (count === 1 ? group : `${group}(:${group}){${count - 1}}`);

/** The IPv6 forms whose groups and tail fill `width` groups: all written, or `::` between `left` and `right`. */
function ipv6Forms(width: number, tail: string): string[] {
  const joinTail = (head: string): string => (tail === '' ? head : head === '' || head.endsWith(':') ? `${head}${tail}` : `${head}:${tail}`);
  const forms = [joinTail(groups(width))];
  for (let left = 0; left < width; left += 1)
    for (let right = 0; left + right < width; right += 1) {
      const before = left === 0 ? '' : groups(left);
      const after = right === 0 ? '' : groups(right);
      forms.push(joinTail(`${before}::${after}`));
    }
  return forms;
}

/** A whole address text, anchored. */
export const ipAddressTextPattern = `^(${[ipv4Pattern, ...ipv6Forms(8, ''), ...ipv6Forms(6, ipv4Pattern)].join('|')})$`;
