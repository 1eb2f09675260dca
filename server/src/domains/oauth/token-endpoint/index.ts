import type { FastifyRequest } from 'fastify';
import { UnauthorizedClient, UnsupportedGrantType } from '../../../errors/oauth-errors.js';
import { tokenExchangeGrantType, type OAuthTokenRequest, type OAuthTokenResponse } from '../../../../../core/src/index.js';
import type { DPoPProofVerifier } from '../../../plugins/auth/dpop/index.js';
import type { DomainEvent } from '../../../events/types.js';
import { readOAuthParameters } from '../read-oauth-parameters.js';
import { authenticateRequestClient } from './authenticate-client.js';
import { authorizationCodeGrant } from './authorization-code-grant.js';
import { checkDPoPProof, rememberDPoPProof } from './check-dpop-proof.js';
import { clientCredentialsGrant } from './client-credentials-grant.js';
import type { GrantContext, GrantHandler } from './grant.js';
import { refreshTokenGrant } from './refresh-token-grant.js';
import { tokenExchangeGrant } from './token-exchange-grant.js';

/** Grant types this server issues tokens for (RFC 8414 metadata lists these keys). */
export const grantHandlers: Record<string, GrantHandler> = {
  client_credentials: clientCredentialsGrant,
  authorization_code: authorizationCodeGrant,
  refresh_token: refreshTokenGrant,
  [tokenExchangeGrantType]: tokenExchangeGrant,
};

/**
 * The grants that write nothing before they answer (their event goes to the background recorder):
 * with a DPoP proof, the token is signed while the proof's jti is stored (issueWhileRemembering).
 */
const grantsWithoutWrites: ReadonlySet<string> = new Set(['client_credentials']);

/**
 * POST /oauth/token, as the ordered checks of RFC 6749 section 4 and 5 (node-oidc-provider's habit:
 * one step per check, read top to bottom). Every grant that issues records auth.token_issued.
 */
export async function handleTokenRequest(request: FastifyRequest, context: GrantContext, proofs: DPoPProofVerifier): Promise<OAuthTokenResponse> {
  const params = readOAuthParameters<OAuthTokenRequest>(request.body, 'oauth-token-request');
  // Own properties only: `toString` or `__proto__` must not reach an Object.prototype member.
  const grant = Object.hasOwn(grantHandlers, params.grant_type) ? grantHandlers[params.grant_type] : undefined;
  if (!grant) throw new UnsupportedGrantType(`grant_type ${params.grant_type} is not supported; use one of: ${Object.keys(grantHandlers).join(', ')}`);
  const { client } = await authenticateRequestClient(context, request, params); // invalid_client: auth.failed
  if (!client.grant_types.includes(params.grant_type)) throw new UnauthorizedClient(`This client is not allowed the ${params.grant_type} grant`);
  const proof = await checkDPoPProof(proofs, request, context.issuer, context.now); // RFC 9449 section 5: invalid_dpop_proof
  if (proof === undefined) return grant(context, client, params);
  const remembered = rememberDPoPProof(proofs, proof, context.now); // its jti, once across replicas: invalid_dpop_proof
  if (grantsWithoutWrites.has(params.grant_type)) return issueWhileRemembering(grant, { ...context, jkt: proof.jkt }, client, params, remembered);
  await remembered;
  return grant({ ...context, jkt: proof.jkt }, client, params);
}

/**
 * A grant without writes signs its token while the proof's jti is stored, so a request waits for
 * the longer of the two rather than both (at 32 clients the jti's wait alone held DPoP issuance to
 * 0.63x plain, issue #36). The answer and the grant's events wait for the jti: a replayed proof gets
 * invalid_dpop_proof, as it would have before the grant, and no token leaves and no event is
 * recorded for it.
 */
async function issueWhileRemembering(
  grant: GrantHandler,
  context: GrantContext & { jkt: string },
  client: Parameters<GrantHandler>[1],
  params: OAuthTokenRequest,
  remembered: Promise<void>,
): Promise<OAuthTokenResponse> {
  const held: DomainEvent[] = [];
  const auditLog: GrantContext['auditLog'] = {
    append: async (trx, events) => {
      await remembered;
      return context.auditLog.append(trx, events);
    },
    appendInBackground: (events) => void held.push(...events),
  };
  const [issued, proof] = await Promise.allSettled([grant({ ...context, auditLog }, client, params), remembered]);
  if (proof.status === 'rejected') throw proof.reason;
  if (issued.status === 'rejected') throw issued.reason;
  if (held.length > 0) context.auditLog.appendInBackground(held);
  return issued.value;
}
