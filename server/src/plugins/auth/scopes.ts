import { loadSchemas } from '../../schemas/registry.js';

/** The scopes of the spec (Authentication, item 6), read from schemas/scope.json: their one source. */
export const allScopes: readonly string[] = Object.freeze([...((loadSchemas().get('scope')!.enum as string[]) ?? [])]);
export type Scope = string;
export const adminScope = 'admin:all';

export function isKnownScope(scope: string): boolean {
  return allScopes.includes(scope);
}

/** `admin:all` grants every scope. */
export function grants(granted: readonly string[], required: Scope): boolean {
  return granted.includes(required) || granted.includes(adminScope);
}

/** Space-separated scope string (RFC 6749 section 3.3) to a list without duplicates. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(' ').filter((part) => part.length > 0))];
}
