/**
 * The published schema of every command's --json output (docs/cli-usage.md, "JSON output"), the
 * one table of them: `acctl server …` commands included (server/src/cli), which is why it holds
 * names, not types. Each entry is either
 * - `{ cli }`: schemas/cli/<cli>.json, a document of the CLI's own, format_version in it; or
 * - `{ api }`: what the API answers, schemas/<api>.json (one of them, when the command prints
 *   either of two answers), as the command prints it: with `format_version` first (json-document.ts);
 * - `{ cli, ndjson: true }`: a stream, one such document per line, each with format_version
 *   (`acctl audit tail --json`: a single document cannot follow; as `kubectl get -w -o json`).
 * Any failure prints schemas/cli/error.json instead. test/cli/json-output.test.ts holds every
 * command with --json in test/cli/surface.json to an entry, and test/cli/run-cli.ts checks every
 * --json run of the tests against its command's schema.
 */
export type JsonOutputSchema = { readonly cli: string; readonly ndjson?: true } | { readonly api: readonly string[] };

export const jsonOutputSchemas: Readonly<Record<string, JsonOutputSchema>> = {
  'agent grant list': { api: ['delegation-grant-list'] },
  'agent grant revoke': { api: ['delegation-grant'] },
  'audit events': { api: ['audit-event-list'] },
  'audit get': { api: ['audit-event'] },
  'audit report create': { api: ['audit-report'] },
  'audit report get': { api: ['audit-report'] },
  'audit report list': { api: ['audit-report-list'] },
  'audit tail': { cli: 'audit-tail', ndjson: true },
  'audit verify': { cli: 'audit-verify' },
  'auth token': { cli: 'auth-token' },
  autocomplete: { cli: 'autocomplete' },
  'config delete': { cli: 'config-delete' },
  'config get': { cli: 'config-get' },
  'config list': { cli: 'config-list' },
  'config set': { cli: 'config-set' },
  'config use': { cli: 'config-use' },
  'decision batch': { api: ['decision-batch-response'] },
  'decision evaluate': { api: ['decision'] },
  'decision get': { api: ['decision-or-plan-record'] },
  'decision list': { api: ['decision-list'] },
  'decision plan': { cli: 'decision-plan' },
  init: { cli: 'init' },
  login: { cli: 'login' },
  logout: { cli: 'logout' },
  'policy apply': { cli: 'policy-apply' },
  'policy delete': { api: ['policy-deleted'] },
  'policy diff': { cli: 'policy-diff' },
  'policy fmt': { cli: 'policy-fmt' },
  // --version N prints that version.
  'policy get': { api: ['policy', 'policy-version'] },
  'policy history': { cli: 'policy-history' },
  'policy impact': { cli: 'policy-impact' },
  'policy lint': { cli: 'policy-lint' },
  'policy list': { api: ['policy-list'] },
  'policy plan': { cli: 'policy-plan' },
  // One policy prints it; several, the change set that restored or rolled them back.
  'policy restore': { api: ['policy', 'policy-set'] },
  'policy rollback': { api: ['policy', 'policy-set'] },
  'policy simulate': { cli: 'policy-simulate' },
  'policy test': { cli: 'policy-test' },
  'policy versions': { api: ['policy-version-list'] },
  'principal create': { api: ['principal'] },
  'principal delete': { api: ['principal'] },
  'principal get': { api: ['principal'] },
  'principal list': { api: ['principal-list'] },
  'principal update': { api: ['principal'] },
  schema: { cli: 'schema' },
  'server client create': { cli: 'server-client-create' },
  'server client delete': { cli: 'server-client-delete' },
  'server client list': { cli: 'server-client-list' },
  'server client rotate-secret': { cli: 'server-client-rotate-secret' },
  'server keys rotate': { cli: 'server-keys-rotate' },
  'server migrate': { cli: 'server-migrate' },
  'server start': { cli: 'server-start' },
  'server user create': { cli: 'server-user-create' },
  'server user delete': { cli: 'server-user-delete' },
  'server user list': { cli: 'server-user-list' },
  'server user set-password': { cli: 'server-user-set-password' },
  'token create': { api: ['api-token'] },
  'token exchange': { api: ['oauth-token-response'] },
  'token list': { api: ['api-token-list'] },
  'token revoke': { api: ['api-token-revoked'] },
  'token rotate': { api: ['api-token'] },
  version: { cli: 'version' },
  'webhook create': { api: ['webhook-created'] },
  'webhook delete': { cli: 'webhook-delete' },
  'webhook deliveries': { api: ['webhook-delivery-list'] },
  'webhook get': { api: ['webhook'] },
  'webhook list': { api: ['webhook-list'] },
  'webhook redeliver': { api: ['webhook-delivery'] },
  'webhook test': { api: ['webhook-test-result'] },
  'webhook update': { api: ['webhook'] },
  whoami: { cli: 'whoami' },
};
