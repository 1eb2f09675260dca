/**
 * The oauth domain's one door (as jose's src/index.ts): its routes, and what the pages
 * (web/), the API tokens and the administrative transactions (admin/) share with it. Nothing
 * outside this folder imports its other files (eslint.config.js).
 */
export { authorizationServerMetadataRoute, oauthRoutes, protectedResourceMetadataRoute, protectedResourceMetadataUrl } from './routes.js';
export { delegationGrantRoutes } from './delegation-grant-routes.js';
// Delegation grants, for the pages' consent to agents (web/routes/delegations.ts): written only through these two.
export { DelegationGrantRaced, grantDelegation, revokeDelegation, summarizeDelegationGrant, type DelegationGrantSummary } from './delegation-grants.js';
export { findDelegationGrant, listDelegationGrants } from './delegation-grants-repo.js';
// Access tokens: API token revocation by value, and the bearer-token check.
export { AccessTokenInvalid, verifyAccessToken } from './access-token.js';
// The authorization endpoint's checks and answers, for the consent page (web/routes/authorize.ts).
export { checkAuthorizationRequest, type AuthorizationRequest } from './authorization-endpoint/index.js';
export { authorizationResponseUrl } from './authorization-endpoint/authorization-response.js';
export { AuthorizationErrorResponse, UntrustedAuthorizationRequest } from './authorization-endpoint/errors.js';
export { issueAuthorizationCode } from './authorization-endpoint/issue-authorization-code.js';
// RFC 8707: the APIs tokens may be for (the pages' authorization requests; app.ts's protected resource metadata).
export { knownResources } from './resource-indicators.js';
export { firstPartyClientIds } from './first-party-clients.js';
export { isAdminUser, limitScopesToUser, scopesUserMayGrant } from './user-consent-scopes.js';
export { pruneExpiredOAuthRows } from './prune-expired.js';
// Clients' rows and events, for admin/clients.ts (the one place clients are changed from outside the API).
export {
  deleteClient as deleteClientRow,
  findClient,
  insertClient,
  listClients as listClientRows,
  ownerBindingsOf,
  updateClientSecret,
  type OAuthClientRow,
} from './clients-repo.js';
export { summarizeClient, type ClientSummary } from './client-summary.js';
export { oauthClientEvent } from './oauth-client-events.js';
// Grants: a principal that stops being active loses its grants (principals/service.ts).
export { revokeGrant } from './grants-repo.js';
export { grantRevokedEvent } from './oauth-events.js';
