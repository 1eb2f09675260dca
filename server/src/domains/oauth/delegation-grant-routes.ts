import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { changeContextOf } from '../../events/context.js';
import { paginationOf } from '../../http/listing.js';
import { adminScope, grants, schemaRef, type DelegationGrant, type DelegationGrantList, type DelegationGrantListQuery } from '../../../../core/src/index.js';
import { findDelegationGrant, listDelegationGrants } from './delegation-grants-repo.js';
import { revokeDelegation, summarizeDelegationGrant } from './delegation-grants.js';

const problem = schemaRef('problem');
const uuidParams = {
  type: 'object',
  properties: { id: { type: 'string', format: 'uuid' } },
  required: ['id'],
  additionalProperties: false,
} as const;

/**
 * The delegation grants of token exchange (docs/oauth.md): a user lists and revokes their own;
 * admin:all every user's. Any token (as GET /auth/tokens) but a delegated one: the answer is the
 * caller's own.
 */
export async function delegationGrantRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: DelegationGrantListQuery }>('/delegation-grants', {
    config: {
      auth: 'authenticated',
      docs: {
        summary: "List delegation grants: the caller's own, or with admin:all every user's",
        description:
          'Newest first, paginated (page, limit at most 100), revoked and expired grants included. A delegated token (one with an act claim, RFC 8693) is refused 403 delegated_token_refused: an agent does not read its own leash.',
        tags: ['OAuth'],
        responses: { 200: schemaRef('delegation-grant-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('delegation-grant-list-query') },
    handler: async (request, reply) => {
      refuseDelegatedCaller(request);
      const page = request.query.page ?? 1;
      const limit = request.query.limit ?? 50;
      const { rows, total } = await listDelegationGrants(app.db, { principalId: ownerFilter(request), page, limit });
      const list = { data: rows.map(summarizeDelegationGrant), pagination: paginationOf(total, page, limit) } as DelegationGrantList;
      return reply.header('cache-control', 'no-store').send(list);
    },
  });

  app.delete<{ Params: { id: string } }>('/delegation-grants/:id', {
    config: {
      auth: 'authenticated',
      docs: {
        summary: 'Revoke a delegation grant: every token exchanged under it ends, on every replica',
        description:
          "The caller's own grant, or any with admin:all; another user's is 404, as an unknown one. A grant already revoked is answered as it is, and records nothing. A delegated token (one with an act claim, RFC 8693) is refused 403 delegated_token_refused.",
        tags: ['OAuth'],
        responses: { 200: schemaRef('delegation-grant'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: uuidParams },
    handler: async (request) => {
      refuseDelegatedCaller(request);
      const owner = ownerFilter(request);
      const grant = await findDelegationGrant(app.db, request.params.id);
      if (!grant || (owner !== undefined && grant.principal_id !== owner)) throw new ApiError('not_found', 'No such delegation grant');
      const revoked = await revokeDelegation(app, changeContextOf(request), grant.id);
      return (revoked ?? summarizeDelegationGrant((await findDelegationGrant(app.db, grant.id))!)) as DelegationGrant;
    },
  });
}

/**
 * A token exchanged under RFC 8693 (its `act` claim) is an agent acting for the user: it may not
 * read or revoke the grants that bound it, which would let the agent inspect or reshape its own
 * leash (issue #36). The user manages them with their own token; an admin:all scope inherited
 * through the exchange does not lift this.
 */
function refuseDelegatedCaller(request: FastifyRequest): void {
  if (request.caller?.act)
    throw new ApiError('delegated_token_refused', 'Delegation grants are managed with the user’s own token, not one an agent holds for them (RFC 8693 act)');
}

/** Whose grants the caller sees: its own (its subject), or every user's with admin:all. */
function ownerFilter(request: FastifyRequest): string | undefined {
  return grants(request.caller!.scopes, adminScope) ? undefined : request.caller!.subject;
}
