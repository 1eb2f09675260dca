import type { FastifyRequest } from 'fastify';
import type { InvalidField } from '../../errors/api-error.js';
import type { PrincipalCreateRequest, PrincipalPatchRequest } from '../../../../core/src/index.js';
import { insufficientScope } from '../../plugins/auth/insufficient-scope.js';
import { adminScope, grants } from '../../../../core/src/index.js';

/**
 * Members of a principal's body that grant more than `write:principals` does, each with the scope
 * it needs (one place for this rule; docs/security.md "Who may do what"). A password signs in as
 * the user, whose consent can then reach every scope its `is_admin` allows
 * (oauth/user-consent-scopes.ts), so setting either is taking over an account or making an
 * administrator: admin:all only, as GitHub keeps a member's credentials and organization-owner
 * role, and Auth0 its `update:users` password field, away from narrower roles. Naming the member
 * at all counts (null removes a password, false demotes): each changes who can do what. A person
 * changes their own password at /v1/ui/password, with the current one.
 */
export const powerFields: ReadonlyArray<{ pointer: string; scope: string; why: string; in(body: PrincipalCreateRequest | PrincipalPatchRequest): boolean }> = [
  { pointer: '/password', scope: adminScope, why: 'a password signs in as the user', in: (body) => Object.hasOwn(body, 'password') },
  {
    pointer: '/attributes/is_admin',
    scope: adminScope,
    why: 'is_admin lets the user grant every scope, admin:all included',
    in: (body) => typeof body.attributes === 'object' && body.attributes !== null && Object.hasOwn(body.attributes, 'is_admin'),
  },
];

/** The text of the route docs, from the table above. */
export const powerFieldsDescription = `Setting ${powerFields.map((field) => `\`${field.pointer.slice(1).replace('/', '.')}\``).join(' or ')} needs ${[...new Set(powerFields.map((field) => field.scope))].join(', ')} (403 insufficient_scope naming the field otherwise).`;

/**
 * preHandler of POST and PATCH /principals (after the route's scope and the body's schema): 403
 * insufficient_scope, naming every such member the caller may not set, before anything is read
 * or written.
 */
export async function requirePowerFieldScopes(request: FastifyRequest): Promise<void> {
  const body = request.body as PrincipalCreateRequest | PrincipalPatchRequest;
  const scopes = request.caller?.scopes ?? [];
  const refused = powerFields.filter((field) => field.in(body) && !grants(scopes, field.scope));
  if (refused.length === 0) return;
  const fields: InvalidField[] = refused.map((field) => ({ pointer: field.pointer, in: 'body', detail: `needs the ${field.scope} scope: ${field.why}` }));
  const scope = refused[0]!.scope;
  throw insufficientScope(
    scope,
    `Setting ${refused.map((field) => field.pointer.slice(1).replace('/', '.')).join(' and ')} requires the ${scope} scope`,
    fields,
  );
}

/**
 * An administrator (`is_admin: true`) is changed or deleted only by a caller with admin:all, or by
 * the person themselves through a flow that proved who they are (the password page): with
 * write:principals alone a client could disable or delete every administrator, rename one, or
 * bring back a disabled one whose password it knows. Checked on the row as locked in the change's
 * transaction, so a concurrent promotion cannot slip past it.
 */
export function requireAdminScopeForAdministrator(target: { attributes: Record<string, unknown> }, callerIsAdmin: boolean, action: 'change' | 'delete'): void {
  if (callerIsAdmin || target.attributes.is_admin !== true) return;
  throw insufficientScope(adminScope, `Only a caller with the ${adminScope} scope may ${action} an administrator (a principal with is_admin: true)`);
}

export const administratorsDescription = 'A principal with `is_admin: true` is changed or deleted only with admin:all (403 insufficient_scope otherwise).';
