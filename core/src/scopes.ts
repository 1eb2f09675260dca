import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemasDir } from './schemas/registry.js';

/**
 * The scopes of the spec (Authentication, item 6), read from schemas/scope.json: their one source.
 * That one file, not every schema (loadSchemas), so importing core stays cheap.
 */
export const allScopes: readonly string[] = Object.freeze([
  ...((JSON.parse(readFileSync(path.join(schemasDir(), 'scope.json'), 'utf8')) as { enum: string[] }).enum ?? []),
]);
export const adminScope = 'admin:all';

export function isKnownScope(scope: string): boolean {
  return allScopes.includes(scope);
}

/** `admin:all` grants every scope. */
export function grants(granted: readonly string[], required: string): boolean {
  return granted.includes(required) || granted.includes(adminScope);
}

/** Space-separated scope string (RFC 6749 section 3.3) to a list without duplicates. */
export function parseScopeString(value: string): string[] {
  return [...new Set(value.split(' ').filter((part) => part.length > 0))];
}
