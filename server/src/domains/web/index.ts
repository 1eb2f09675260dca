/** The web domain's one door (as jose's src/index.ts): the HTML pages (sign-in, consent, dashboard, password). */
export { webRoutes } from './routes.js';
