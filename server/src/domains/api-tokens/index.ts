/**
 * The api-tokens domain's one door (as jose's src/index.ts): API tokens (POST/GET/DELETE
 * /v1/api-tokens), the bearer-token check app.ts hands the auth plugin, and what the OAuth
 * endpoints share with it (introspection, revocation by value). Nothing outside this folder
 * imports its other files (eslint.config.js).
 */
export { apiTokenRoutes } from './routes.js';
export { bearerTokenVerifier } from './verify-bearer-token.js';
export { accessTokenRefusal, findApiTokenByHash, findUsableApiToken, type ApiTokenRow } from './repo.js';
export { revokeAccessTokenRecorded } from './service.js';
