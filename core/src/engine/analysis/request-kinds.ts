/**
 * The kinds of value the API's decision request accepts at each path (schemas/simulation-request.json,
 * the body of POST /v1/decisions/evaluate and each item of /decisions/batch; policy tests and
 * simulate take the same). The analysis searches these values only: a request the API refuses is
 * never decided, so it is no widening, and every example it shows can be sent as it is. null, which
 * the schema allows for principal attributes and context values, reads as absent in every condition
 * (conditions/attribute.ts, rule.ts attributeTruth, booleans.ts), so absence stands for it.
 * test/core/engine/analysis/access-change-request-schema.test.ts checks every example against the schema.
 */
export type RequestKind =
  /** A string of at least one character (identifier, types, action). */
  | 'name'
  /** Any string. */
  | 'string'
  /** An IP address the ip_address condition reads; any string is accepted, addresses are tried first. */
  | 'address'
  | 'number'
  | 'boolean'
  /** An RFC 3339 date-time (context.timestamp). */
  | 'date-time'
  /** A string, number or boolean (principal attributes, other context values). */
  | 'scalar'
  /** A scalar or a list of scalars (resource attributes). */
  | 'scalar-or-list'
  /** A list of strings (context.delegation.actors and actor_types). */
  | 'string-list';

export interface PathKind {
  kind: RequestKind;
  /** The schema's maxLength for a string here (of each item of a list). */
  maxLength: number;
}

const CONTEXT: Record<string, PathKind> = {
  ip_address: { kind: 'address', maxLength: 45 },
  risk_score: { kind: 'number', maxLength: 0 },
  device_trusted: { kind: 'boolean', maxLength: 0 },
  mfa_verified: { kind: 'boolean', maxLength: 0 },
  timestamp: { kind: 'date-time', maxLength: 0 },
  // schemas/request-delegation.json
  'delegation.subject': { kind: 'string', maxLength: 200 },
  'delegation.actors': { kind: 'string-list', maxLength: 200 },
  'delegation.actor_types': { kind: 'string-list', maxLength: 100 },
  'delegation.depth': { kind: 'number', maxLength: 0 },
  'delegation.verified': { kind: 'boolean', maxLength: 0 },
};

export function requestKindOf(path: string): PathKind {
  if (path === 'resource.identifier') return { kind: 'name', maxLength: 500 };
  if (path === 'principal.id') return { kind: 'string', maxLength: 200 };
  if (path === 'principal.type' || path === 'resource.type' || path === 'action') return { kind: 'name', maxLength: 100 };
  if (path.startsWith('resource.attributes.')) return { kind: 'scalar-or-list', maxLength: 1000 };
  if (path.startsWith('context.')) return CONTEXT[path.slice('context.'.length)] ?? { kind: 'scalar', maxLength: 1000 };
  return { kind: 'scalar', maxLength: 1000 };
}
