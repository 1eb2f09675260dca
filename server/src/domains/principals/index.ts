/**
 * The principals domain's one door (as jose's src/index.ts): its routes, the changes the pages
 * and admin/ make to principals (with their events), and users' lookups for sign-in and the
 * token endpoint. Nothing outside this folder imports its other files (eslint.config.js).
 */
export { principalRoutes } from './routes.js';
export { activePrincipalIdsAfter, deletePrincipal, findPrincipalAttributes, patchPrincipal, toPrincipal, type PrincipalRow } from './service.js';
export { createUser as insertUser, ensureUserPassword, findActiveUserById, findUserByName } from './users.js';
