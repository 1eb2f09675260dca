/**
 * Resource identifier patterns (policy-rule schema, resources.identifiers): a trailing `*` matches any
 * rest, so `prod-*` is the prefix `prod-` and `*` alone matches everything. A `*` anywhere else is an
 * ordinary character, so `a*b` matches only `a*b`.
 */
export type IdentifierPattern = { kind: 'exact'; identifier: string } | { kind: 'prefix'; prefix: string };

export function parseIdentifierPattern(pattern: string): IdentifierPattern {
  return pattern.endsWith('*') ? { kind: 'prefix', prefix: pattern.slice(0, -1) } : { kind: 'exact', identifier: pattern };
}

export function identifierMatches(pattern: IdentifierPattern, identifier: string): boolean {
  return pattern.kind === 'prefix' ? identifier.startsWith(pattern.prefix) : identifier === pattern.identifier;
}
