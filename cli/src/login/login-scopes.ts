import { adminScope, allScopes, parseScopeString } from '../../../core/src/index.js';
import { didYouMean, nearestName, UsageError } from '../../../kit/src/index.js';

/**
 * What `acctl login` asks for without --scopes: every scope of the catalog (schemas/scope.json,
 * read by core) that a CLI command needs, which is every one but admin:all. admin:all is only what
 * the webhook and API token commands need and grants everything, so it is asked for only by name
 * (least privilege: as `gh auth login` asks for its minimal scopes and `gh auth refresh -s` for more).
 */
export const defaultLoginScopes: readonly string[] = Object.freeze(allScopes.filter((scope) => scope !== adminScope));

/** The scopes of --scopes (space- or comma-separated), each checked against the catalog with "did you mean". */
export function loginScopes(value: string | undefined): string[] {
  if (value === undefined) return [...defaultLoginScopes];
  const asked = parseScopeString(value.replaceAll(',', ' '));
  if (asked.length === 0) throw new UsageError('--scopes is empty', [`The scopes: ${allScopes.join(' ')}`]);
  for (const scope of asked)
    if (!allScopes.includes(scope))
      throw new UsageError(`--scopes: unknown scope ${scope}${didYouMean(nearestName(scope, allScopes))}`, [`The scopes: ${allScopes.join(' ')}`]);
  return asked;
}
