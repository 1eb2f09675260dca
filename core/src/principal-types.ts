import type { PrincipalKind } from './generated/schema-types.js';

/** The kinds of schemas/principal-kind.json, in its order (a test holds the two equal). */
export const principalKinds = ['user', 'service', 'agent'] as const satisfies readonly PrincipalKind[];

/**
 * The principal type a stored principal of a kind is evaluated as: its kind in capitals, as the
 * spec's `USER`. One place for the mapping: decisions refuse a request whose type disagrees with
 * the stored principal's, and `acctl policy lint` refuses a rule naming a type no principal has
 * (`user` never matches `USER`: the engine compares types exactly).
 */
export function principalTypeOf(kind: PrincipalKind): string {
  return kind.toUpperCase();
}

/** Every principal type a rule may name: USER, SERVICE, AGENT. */
export const principalTypes: readonly string[] = principalKinds.map(principalTypeOf);
