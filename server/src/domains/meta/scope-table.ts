import type { RouteAuth } from '../../plugins/auth/index.js';
import { describeAuth, type RouteRecord } from './openapi.js';

/**
 * README.md's scope table: every route with the scope it requires and its rate-limit class, read from the route table
 * (each route's config.auth) so the table cannot disagree with the code. `npm run docs:scopes`
 * writes it; test/meta/readme-tables.test.ts fails when README.md's copy is stale.
 */
export function renderScopeTable(routes: readonly RouteRecord[]): string {
  const rows = [...routes]
    .filter((route) => route.method !== 'HEAD')
    .sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
    .map((route) => `| ${route.method} | \`${route.url.replace(/:([A-Za-z_]+)/g, '{$1}')}\` | ${formatAuth(route.auth)} | ${route.rateClass} |`);
  return ['| Method | Path | Required scope | Rate limit |', '| --- | --- | --- | --- |', ...rows].join('\n');
}

/** A scope name is code (`read:policies`); the words for public and any-token routes are not. */
function formatAuth(auth: RouteAuth): string {
  return typeof auth === 'object' ? `\`${describeAuth(auth)}\`` : describeAuth(auth);
}
