/**
 * The authzen domain's one door (as jose's src/index.ts): the OpenID AuthZEN Authorization API 1.0
 * routes, at the server's root. Nothing outside this folder imports its other files (eslint.config.js).
 */
export { authzenRoutes } from './routes.js';
