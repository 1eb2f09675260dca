import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { generateSecret, secretChecksum } from '../../core/src/index.js';
import { repoRoot } from '../../scripts/doc-blocks.js';
import { ensureClient, systemContext } from '../../server/src/admin/index.js';
import { ConfigError } from '../../server/src/config/config-error.js';
import { allEvents, eventually } from '../audit/helpers.js';
import { registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, elementText, inputValue, type TestUser } from '../oauth/support/user-agent.js';

const sha256 = (value: string): string => createHash('sha256').update(value, 'utf8').digest('hex');

/** The rows of docs/security.md's "Secret formats" table: what users configure their scanners from. */
function documentedFormats(): Map<string, { prefix: string; pattern: RegExp; length: number }> {
  const doc = readFileSync(path.join(repoRoot, 'docs', 'security.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Secret formats\n'), doc.indexOf('\n## ', doc.indexOf('\n## Secret formats\n') + 1));
  const rows = [...section.matchAll(/^\| ([^|`]+?) \| `([^`]+)` \| `([^`]+)` \| (\d+) \|/gm)];
  return new Map(
    rows.map(([, name, prefix, pattern, length]) => [name!, { prefix: prefix!, pattern: new RegExp(`^(?:${pattern})$`), length: Number(length) }]),
  );
}

/** The rules of docs/gitleaks.toml, as gitleaks reads them: id, regex (a TOML literal string) and secretGroup. */
function gitleaksRules(): { id: string; regex: RegExp; source: string; secretGroup: number }[] {
  const toml = readFileSync(path.join(repoRoot, 'docs', 'gitleaks.toml'), 'utf8');
  return toml
    .split(/^\[\[rules\]\]$/m)
    .slice(1)
    .map((block) => {
      const source = /^regex = '''(.*)'''$/m.exec(block)![1]!;
      // gitleaks compiles with Go's RE2; these rules use only classes, counted repetition, \b and a
      // group, which RE2 and JavaScript read alike (ASCII \b in both).
      return { id: /^id = "(.*)"$/m.exec(block)![1]!, regex: new RegExp(source, 'g'), source, secretGroup: Number(/^secretGroup = (\d+)$/m.exec(block)![1]) };
    });
}

/** What gitleaks would report in `text` with docs/gitleaks.toml's rules: rule id and secret. */
function findings(text: string): { rule: string; secret: string }[] {
  return gitleaksRules().flatMap((rule) => [...text.matchAll(rule.regex)].map((match) => ({ rule: rule.id, secret: match[rule.secretGroup]! })));
}

/** Places a secret ends up in, for the scanners' rules. */
const leakedIn = (secret: string): string[] => [
  `export ACCTL_CLIENT_SECRET=${secret}\n`,
  `{"token": "${secret}", "name": "ci"}`,
  `curl -H 'Authorization: Bearer ${secret}' https://acctl.example.com/v1/policies`,
];

/** acctl 0.1's API token: `acctl_`, 40 base62 characters and their checksum. */
function legacyApiToken(): string {
  const body = generateSecret('api_token').slice('acctl_api_'.length, -6).slice(0, 40);
  return `acctl_${body}${secretChecksum(body)}`;
}

/** The same secret with one character of its checksum changed. */
const withBrokenChecksum = (secret: string): string => `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;

/** A browser over real HTTP: fetch that keeps cookies and does not follow redirects. */
class HttpBrowser {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly origin: string) {}

  async request(
    pathAndQuery: string,
    init: { method?: string; form?: Record<string, string | string[]> } = {},
  ): Promise<{ status: number; body: string; location: string | null }> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
    let body: string | undefined;
    if (init.form) {
      const form = new URLSearchParams();
      for (const [name, value] of Object.entries(init.form)) for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
      body = form.toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const response = await fetch(`${this.origin}${pathAndQuery}`, { method: init.method ?? (init.form ? 'POST' : 'GET'), headers, body, redirect: 'manual' });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const equals = pair!.indexOf('=');
      if (/Max-Age=0/i.test(header)) this.cookies.delete(pair!.slice(0, equals));
      else this.cookies.set(pair!.slice(0, equals), pair!.slice(equals + 1));
    }
    return { status: response.status, body: await response.text(), location: response.headers.get('location') };
  }

  async signIn(user: TestUser): Promise<void> {
    const form = await this.request('/v1/ui/sign-in');
    const signedIn = await this.request('/v1/ui/sign-in', {
      form: { csrf_token: inputValue(form.body, 'csrf_token'), username: user.username, password: user.password, return_to: '/v1/ui/dashboard' },
    });
    expect(signedIn.status, signedIn.body).to.equal(303);
  }

  async dashboardCsrf(): Promise<string> {
    return inputValue((await this.request('/v1/ui/dashboard')).body, 'csrf_token');
  }
}

describe('secret formats over HTTP (docs/security.md, "Secret formats")', () => {
  let t: TestApp;
  let admin: HttpBrowser;
  let origin: string;
  before(async () => {
    t = await startTestApp({ listen: true });
    origin = t.config.publicUrl;
    admin = new HttpBrowser(origin);
    await admin.signIn(await createTestUser(t.app, { admin: true }));
  });
  after(async () => t.close());

  const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> => {
    const response = await fetch(`${origin}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };
  const clientCredentials = (clientId: string, clientSecret: string) =>
    postJson('/v1/oauth/token', { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
  const policiesWith = async (token: string): Promise<number> =>
    (await fetch(`${origin}/v1/policies`, { headers: { authorization: `Bearer ${token}` } })).status;

  /** Registers a client in the dashboard, as an administrator would: its client_id and the secret shown once. */
  async function registerInDashboard(fields: Record<string, string | string[]>): Promise<{ clientId: string; clientSecret: string }> {
    const page = await admin.request('/v1/ui/dashboard/clients', { form: { csrf_token: await admin.dashboardCsrf(), client_type: 'confidential', ...fields } });
    expect(page.status, page.body).to.equal(200);
    return { clientId: elementText(page.body, 'client-id'), clientSecret: elementText(page.body, 'client-secret') };
  }

  /** A user signs in and consents; the code from the redirect is redeemed: the token response. */
  async function codeFlowTokens(client: { clientId: string; clientSecret: string }, redirectUri: string): Promise<Record<string, unknown>> {
    const browser = new HttpBrowser(origin);
    await browser.signIn(await createTestUser(t.app));
    const query = new URLSearchParams({ response_type: 'code', client_id: client.clientId, redirect_uri: redirectUri, scope: 'read:policies', state: 's' });
    const consent = await browser.request(`/v1/oauth/authorize?${query.toString()}`);
    expect(consent.status, consent.body).to.equal(200);
    const approved = await browser.request('/v1/oauth/authorize', {
      form: {
        csrf_token: inputValue(consent.body, 'csrf_token'),
        authorization_request: inputValue(consent.body, 'authorization_request'),
        decision: 'approve',
      },
    });
    const code = new URL(approved.location!).searchParams.get('code')!;
    const tokens = await postJson('/v1/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(tokens.status, JSON.stringify(tokens.json)).to.equal(200);
    return tokens.json;
  }

  /** Every knex query the app runs while `work` runs, by its bindings: where a looked-up hash shows. */
  async function queriedValues(work: () => Promise<void>): Promise<string[]> {
    const values: string[] = [];
    const listener = (query: { bindings?: unknown[] }): void => {
      for (const binding of query.bindings ?? []) values.push(String(binding));
    };
    t.app.db.on('query', listener);
    try {
      await work();
    } finally {
      t.app.db.off('query', listener);
    }
    return values;
  }

  const redirectUri = 'https://app.example.com/callback';

  it('issues every kind in the form this page documents, and the gitleaks rules find each one', async () => {
    const formats = documentedFormats();
    expect([...formats.keys()]).to.deep.equal(['OAuth client secret', 'Refresh token', 'API token', 'API token of acctl 0.1']);
    // The rules of docs/gitleaks.toml are the table's patterns, one each, in its order.
    expect(gitleaksRules().map((rule) => rule.source)).to.deep.equal([...formats.values()].map((format) => `\\b(${format.pattern.source.slice(4, -2)})\\b`));

    const [service, app] = await Promise.all([
      registerInDashboard({ name: 'deployer', grant_types: 'client_credentials', scopes: 'admin:all' }),
      registerInDashboard({ name: 'web app', grant_types: ['authorization_code', 'refresh_token'], redirect_uris: redirectUri, scopes: 'read:policies' }),
    ]);
    const rotated = await admin.request(`/v1/ui/dashboard/clients/${service.clientId}/rotate-secret`, {
      form: { csrf_token: await admin.dashboardCsrf(), confirm: 'yes' },
    });
    expect(rotated.status, rotated.body).to.equal(200);
    const rotatedSecret = elementText(rotated.body, 'client-secret');

    const accessToken = (await clientCredentials(service.clientId, rotatedSecret)).json.access_token as string;
    const created = await postJson('/v1/auth/token', { name: 'ci', scopes: ['read:policies'] }, { authorization: `Bearer ${accessToken}` });
    expect(created.status, JSON.stringify(created.json)).to.equal(201);
    const refreshedApiToken = await postJson('/v1/auth/refresh', {}, { authorization: `Bearer ${created.json.token as string}` });
    expect(refreshedApiToken.status, JSON.stringify(refreshedApiToken.json)).to.equal(200);

    const first = await codeFlowTokens(app, redirectUri);
    const refreshed = await postJson('/v1/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.status, JSON.stringify(refreshed.json)).to.equal(200);

    const issued: [string, string][] = [
      ['OAuth client secret', service.clientSecret],
      ['OAuth client secret', app.clientSecret],
      ['OAuth client secret', rotatedSecret],
      ['Refresh token', first.refresh_token as string],
      ['Refresh token', refreshed.json.refresh_token as string],
      ['API token', created.json.token as string],
      ['API token', refreshedApiToken.json.token as string],
      ['API token of acctl 0.1', legacyApiToken()],
    ];
    const ruleOf: Record<string, string> = {
      'OAuth client secret': 'acctl-client-secret',
      'Refresh token': 'acctl-refresh-token',
      'API token': 'acctl-api-token',
      'API token of acctl 0.1': 'acctl-api-token-legacy',
    };
    for (const [kind, secret] of issued) {
      const format = formats.get(kind)!;
      expect(secret, kind).to.match(format.pattern);
      expect(secret.startsWith(format.prefix), kind).to.equal(true);
      expect(secret, kind).to.have.lengthOf(format.length);
      for (const text of leakedIn(secret)) expect(findings(text), `${kind} in ${text}`).to.deep.equal([{ rule: ruleOf[kind], secret }]);
    }
  });

  it('matches no random string or near miss with any documented pattern or gitleaks rule', () => {
    const patterns = [...documentedFormats().values()].map((format) => format.pattern);
    const secret = generateSecret('client_secret');
    const nearMisses = [
      secret.slice(0, -1), // one short
      `${secret}x`, // part of a longer run
      `x${secret}`,
      secret.replace('acctl_cs_', 'ACCTL_CS_'),
      secret.replace('acctl_cs_', 'acctl-cs-'),
      `${secret.slice(0, 20)}-${secret.slice(21)}`, // base64url's extra characters
      `acctl_${'A'.repeat(45)}`,
      'acctl_record_checked_decisions acctl_http_request_duration_seconds acctl_session',
      'eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    ];
    const randomStrings = Array.from({ length: 500 }, () => randomBytes(32).toString('base64url'));
    for (const value of [...nearMisses, ...randomStrings]) {
      for (const pattern of patterns) expect(pattern.test(value), `${pattern.source} on ${value}`).to.equal(false);
      for (const text of leakedIn(value)) expect(findings(text), text).to.deep.equal([]);
    }
  });

  it('refuses an API token whose checksum fails without looking it up, even when a row with its hash exists', async () => {
    const service = await registerClient(t.app, ['admin:all']);
    const accessToken = (await clientCredentials(service.clientId, service.clientSecret)).json.access_token as string;
    const created = await postJson('/v1/auth/token', { name: 'broken', scopes: ['read:policies'] }, { authorization: `Bearer ${accessToken}` });
    const broken = withBrokenChecksum(created.json.token as string);
    await t.app
      .db('api_tokens')
      .where({ id: created.json.id as string })
      .update({ token_hash: sha256(broken) });
    // Well-formed and unknown: looked up (so the observation can see a lookup), and refused.
    const unknown = generateSecret('api_token');
    let statuses: number[] = [];
    const queried = await queriedValues(async () => {
      statuses = await Promise.all([broken, broken, broken, unknown].map(policiesWith));
    });
    expect(statuses).to.deep.equal([401, 401, 401, 401]);
    expect(queried).to.include(sha256(unknown));
    expect(queried).to.not.include(sha256(broken));
  });

  it('refuses a refresh token whose checksum fails without looking it up, at the token and the introspection endpoints', async () => {
    const app = await registerInDashboard({
      name: 'refresher',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: redirectUri,
      scopes: 'read:policies',
    });
    const tokens = await codeFlowTokens(app, redirectUri);
    const broken = withBrokenChecksum(tokens.refresh_token as string);
    await t.app
      .db('oauth_refresh_tokens')
      .where({ token_hash: sha256(tokens.refresh_token as string) })
      .update({ token_hash: sha256(broken) });
    const unknown = generateSecret('refresh_token');
    const credentials = { client_id: app.clientId, client_secret: app.clientSecret };
    let answers: { status: number; json: Record<string, unknown> }[] = [];
    const queried = await queriedValues(async () => {
      answers = await Promise.all([
        postJson('/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: broken, ...credentials }),
        postJson('/v1/oauth/introspect', { token: broken, ...credentials }),
        postJson('/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: unknown, ...credentials }),
      ]);
    });
    expect(answers.map((answer) => answer.status)).to.deep.equal([400, 200, 400]);
    expect(answers[0]!.json.error).to.equal('invalid_grant');
    expect(answers[1]!.json).to.deep.equal({ active: false });
    expect(queried).to.include(sha256(unknown));
    expect(queried).to.not.include(sha256(broken));
  });

  it('refuses malformed client secrets before the throttle: many at once do not lock the client out, and each is an auth.failed', async () => {
    const client = await registerInDashboard({ name: 'typo-prone', grant_types: 'client_credentials', scopes: 'read:policies' });
    const broken = withBrokenChecksum(client.clientSecret);
    // More than the throttle's 10 failures per client and address in 15 minutes (security/failure-throttle.ts).
    const refused = await Promise.all(Array.from({ length: 15 }, () => clientCredentials(client.clientId, broken)));
    expect(refused.map((answer) => [answer.status, answer.json.error])).to.deep.equal(Array.from({ length: 15 }, () => [401, 'invalid_client']));
    expect((await clientCredentials(client.clientId, client.clientSecret)).status).to.equal(200);
    await eventually(async () => {
      const failed = (await allEvents(t.app)).filter((event) => event.type === 'auth.failed' && event.target.id === client.clientId);
      return failed.length === 15 && failed.every((event) => String(event.data.reason).includes('malformed')) ? failed : undefined;
    });
  });

  it('still accepts a client secret, an API token and a refresh token of the forms before the prefixes', async () => {
    const oldClientSecret = randomBytes(32).toString('base64url');
    const service = await registerClient(t.app, ['admin:all'], { secret: oldClientSecret });
    const accessToken = (await clientCredentials(service.clientId, oldClientSecret)).json.access_token as string;
    expect(accessToken).to.be.a('string');

    const created = await postJson('/v1/auth/token', { name: 'old', scopes: ['read:policies'] }, { authorization: `Bearer ${accessToken}` });
    const oldApiToken = legacyApiToken();
    await t.app
      .db('api_tokens')
      .where({ id: created.json.id as string })
      .update({ token_hash: sha256(oldApiToken), token_hint: oldApiToken.slice(-4) });

    const app = await registerInDashboard({
      name: 'old app',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: redirectUri,
      scopes: 'read:policies',
    });
    const tokens = await codeFlowTokens(app, redirectUri);
    const oldRefreshToken = randomBytes(32).toString('base64url');
    await t.app
      .db('oauth_refresh_tokens')
      .where({ token_hash: sha256(tokens.refresh_token as string) })
      .update({ token_hash: sha256(oldRefreshToken) });

    const [again, apiStatus, refreshed] = await Promise.all([
      clientCredentials(service.clientId, oldClientSecret),
      policiesWith(oldApiToken),
      postJson('/v1/oauth/token', { grant_type: 'refresh_token', refresh_token: oldRefreshToken, client_id: app.clientId, client_secret: app.clientSecret }),
    ]);
    expect(again.status).to.equal(200);
    expect(apiStatus).to.equal(200);
    expect(refreshed.status, JSON.stringify(refreshed.json)).to.equal(200);
    expect(refreshed.json.refresh_token).to.match(documentedFormats().get('Refresh token')!.pattern);
  });

  it('refuses to start with a bootstrap client secret that has the prefix of generated ones and fails its checksum', async () => {
    const context = systemContext('system:bootstrap');
    const wanted = {
      clientId: `bootstrap-${randomBytes(4).toString('hex')}`,
      name: 'Bootstrap',
      grantTypes: ['client_credentials' as const],
      scopes: ['admin:all'],
    };
    let refused: unknown;
    await ensureClient(t.app, context, { ...wanted, secret: withBrokenChecksum(generateSecret('client_secret')) }).catch((error: unknown) => (refused = error));
    expect(refused).to.be.instanceOf(ConfigError);
    expect(await t.app.db('oauth_clients').where({ client_id: wanted.clientId }).first()).to.equal(undefined);
    // A whole generated secret chosen as the bootstrap secret works.
    const chosen = generateSecret('client_secret');
    expect(await ensureClient(t.app, context, { ...wanted, secret: chosen })).to.equal('created');
    expect((await clientCredentials(wanted.clientId, chosen)).status).to.equal(200);
  });
});
