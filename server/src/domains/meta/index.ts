/**
 * The meta domain's one door (as jose's src/index.ts): the OpenAPI document, schemas and route
 * table (its routes), the route documentation every route declares (RouteDocs, which also types
 * Fastify's route config), the scopes' descriptions and the package's version. Nothing outside
 * this folder imports its other files (eslint.config.js).
 */
export { collectRouteTable, metaRoutes } from './routes.js';
export { scopeDescriptions } from './openapi.js';
export type { RouteDocs } from './route-docs.js';
export { packageVersion } from './version.js';
