/** The health domain's one door (as jose's src/index.ts): GET /v1/health. */
export { healthRoutes } from './routes.js';
