import { adminScope, allScopes } from '../../../../core/src/index.js';

/**
 * What a signed-in user may grant a client (one place for this rule; README "Signing in" explains
 * it). A user whose principal has the attribute `is_admin: true` may grant every scope the client
 * is allowed. Any other user may grant only reading and evaluating: every write and delete scope
 * is admin-only, because `write:principals` would let a user set `is_admin` on their own
 * principal, and the policy and delete scopes change what everybody else may do.
 */
export const scopesEveryUserMayGrant: readonly string[] = Object.freeze(['read:principals', 'read:policies', 'read:audit', 'evaluate:decisions']);

export interface ConsentingUser {
  isAdmin: boolean;
}

export interface ConsentableScopes {
  /** What the user may grant of the request: what the consent page offers and the code carries. */
  granted: string[];
  /** Requested scopes the user may not grant, shown on the consent page so nothing is dropped silently. */
  withheld: string[];
}

export function isAdminUser(attributes: Record<string, unknown>): boolean {
  return attributes.is_admin === true;
}

/** Every scope the user may grant at all: what the delegation page offers (never more). */
export function scopesUserMayGrant(user: ConsentingUser): readonly string[] {
  return user.isAdmin ? allScopes : scopesEveryUserMayGrant;
}

/**
 * The requested scopes (already checked against the client's) limited to the user's. admin:all
 * contains every scope, so for a user who may not grant it, it stands for the scopes they may.
 */
export function limitScopesToUser(requested: readonly string[], user: ConsentingUser): ConsentableScopes {
  if (user.isAdmin) return { granted: [...requested], withheld: [] };
  const granted = new Set<string>();
  const withheld: string[] = [];
  for (const scope of requested) {
    if (scopesEveryUserMayGrant.includes(scope)) granted.add(scope);
    else {
      withheld.push(scope);
      if (scope === adminScope) for (const readable of scopesEveryUserMayGrant) granted.add(readable);
    }
  }
  return { granted: [...granted], withheld };
}
