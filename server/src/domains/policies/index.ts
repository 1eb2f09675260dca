/** The policies domain's one door (as jose's src/index.ts): policies and change sets, under /v1. */
export { policyRoutes } from './routes.js';
