/**
 * The api-tokens domain's one door (as jose's src/index.ts): API tokens (POST /v1/auth/token,
 * GET /v1/auth/tokens, POST /v1/auth/refresh, DELETE /v1/auth/revoke), their last use, the bearer-token check app.ts hands the auth plugin, and what the OAuth
 * endpoints share with it (introspection, revocation by value). Nothing outside this folder
 * imports its other files (eslint.config.js).
 */
export { apiTokenRoutes } from './routes.js';
export { bearerTokenVerifier } from './verify-bearer-token.js';
export { apiTokenUseRecorder, type RecordTokenUse } from './token-use.js';
export { accessTokenRefusal, findApiTokenByHash, findUsableApiToken, type ApiTokenRow } from './repo.js';
export { revokeAccessTokenRecorded } from './service.js';
