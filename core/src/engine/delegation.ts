/**
 * The delegation a request carries in `context.delegation` (RFC 8693 section 4.1's `act` chain, as
 * the policy language reads it; docs/policy-language.md, "Delegation"). Each field is a path of
 * its own, absent when the request lacks it (then unknown, never permissive), so the analysis
 * treats them as independent values, as the request schema takes them (simulation-request.json).
 */
export const delegationFields = ['depth', 'actors', 'actor_types', 'subject', 'verified'] as const;

export type DelegationField = (typeof delegationFields)[number];

/** The context key that holds the delegation object; `context.delegation.FIELD` reads inside it. */
export const DELEGATION_KEY = 'delegation';

const PREFIX = `${DELEGATION_KEY}.`;

/**
 * How a context name reads: a field of the delegation object, or a context value of its own.
 * undefined for `delegation` itself and for any other `delegation.NAME`: the key is reserved, so a
 * path names a field the request schema defines or nothing.
 */
export function contextSlot(name: string): { delegation: DelegationField } | { key: string } | undefined {
  if (name === DELEGATION_KEY) return undefined;
  if (!name.startsWith(PREFIX)) return { key: name };
  const field = name.slice(PREFIX.length);
  return (delegationFields as readonly string[]).includes(field) ? { delegation: field as DelegationField } : undefined;
}
