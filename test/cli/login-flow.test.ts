import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser } from 'playwright-core';
import type { PolicyList } from '../../core/src/index.js';
import type { AuthTokenResult } from '../../cli/src/commands/auth/token.js';
import type { LoginResult } from '../../cli/src/commands/login.js';
import type { LogoutResult } from '../../cli/src/commands/logout.js';
import type { WhoamiResult } from '../../cli/src/commands/whoami.js';
import type { CredentialsFile } from '../../cli/src/credentials/store.js';
import type { ProfilesOverview } from '../../cli/src/credentials/profile-overview.js';
import { defaultLoginScopes } from '../../cli/src/login/login-scopes.js';
import { exitCodes } from '../../kit/src/index.js';
import { launchChromium } from '../browser/support/chromium.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { createTestUser, type TestUser } from '../oauth/support/user-agent.js';
import { serverOrigin } from './resources-support.js';
import { cliResult, repoRoot, runCli, spawnCli, type CliResult } from './run-cli.js';

/**
 * `acctl login` end to end: the CLI waits on its loopback listener while headless Chromium plays
 * the user (sign in, approve or deny); then the stored profile serves the other commands.
 */
describe('acctl login/whoami/auth token/logout (a user signs in with the browser)', function () {
  this.timeout(90000);
  let t: TestApp;
  let browser: Browser;
  let user: TestUser;
  let configHome: string;
  let credentialsFile: string;

  before(async () => {
    browser = await launchChromium();
    t = await startTestApp({ listen: true });
    user = await createTestUser(t.app);
    configHome = mkdtempSync(path.join(os.tmpdir(), 'acctl-login-'));
    credentialsFile = path.join(configHome, 'acctl', 'credentials.json');
  });
  after(async () => {
    await browser?.close();
    await t?.close();
    if (configHome) rmSync(configHome, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string | undefined> = {}) => ({ XDG_CONFIG_HOME: configHome, ...extra });
  const cli = (args: readonly string[], extra: Record<string, string | undefined> = {}): Promise<CliResult> => runCli(args, { env: env(extra) });
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
    return result;
  };
  const stored = (): CredentialsFile => JSON.parse(readFileSync(credentialsFile, 'utf8')) as CredentialsFile;
  const expireStoredToken = (profile = 'default'): void => {
    const contents = stored();
    contents.profiles[profile]!.expires_at = new Date(Date.now() - 1000).toISOString();
    writeFileSync(credentialsFile, JSON.stringify(contents));
  };
  const tokenGrant = async (fields: Record<string, string>): Promise<{ status: number; body: { error?: string } }> => {
    const response = await fetch(`${t.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, body: (await response.json()) as { error?: string } };
  };

  /** Runs `acctl login --no-browser`, and plays the user in Chromium on the URL it prints. */
  async function loginAs(decision: 'approve' | 'deny', args: readonly string[] = []): Promise<CliResult> {
    const loginArgs = ['login', '--no-browser', '--server', serverOrigin(t), ...args];
    const child = spawnCli(loginArgs, env());
    let stdout = '';
    let stderr = '';
    const printedUrl = new Promise<string>((resolve) => {
      const look = (): void => {
        const match = /http:\/\/127\.0\.0\.1:\d+\/v1\/oauth\/authorize\?\S+/.exec(`${stdout}\n${stderr}`);
        if (match) resolve(match[0]);
      };
      child.stdout!.setEncoding('utf8').on('data', (chunk: string) => ((stdout += chunk), look()));
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => ((stderr += chunk), look()));
    });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const url = await Promise.race([printedUrl, exited.then(() => Promise.reject(new Error(`login exited before printing a URL:\n${stdout}\n${stderr}`)))]);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(url);
      await page.fill('input[name="username"]', user.username);
      await page.fill('input[name="password"]', user.password);
      await Promise.all([page.waitForURL((next) => next.pathname === '/v1/oauth/authorize'), page.click('button[type="submit"]')]);
      await page.click(`button[name="decision"][value="${decision}"]`);
      const exitCode = await exited;
      expect(await page.textContent('body')).to.include('You can close this tab');
      return cliResult(exitCode, stdout, stderr, loginArgs);
    } finally {
      await context.close();
      if (child.exitCode === null) child.kill();
    }
  }

  it('signs in through the browser and stores the tokens in a 0600 file in a 0700 directory', async () => {
    const result = ok(await loginAs('approve'));
    expect(result.stdout).to.include('/v1/oauth/authorize?');
    const profile = stored().profiles.default!;
    expect(profile).to.include({ server: serverOrigin(t), subject: user.id, username: user.username });
    expect(result.stderr).to.include(`as ${user.username} (profile "default"`);
    expect(profile.refresh_token).to.be.a('string');
    expect(profile.scope.split(' ')).to.include('read:policies');
    // Least privilege: the CLI asks for what its commands need, never admin:all unless named.
    const asked = new URL(/http:\/\/127\.0\.0\.1:\d+\/v1\/oauth\/authorize\?\S+/.exec(result.stdout)![0]).searchParams.get('scope')!.split(' ');
    expect(asked).to.deep.equal(defaultLoginScopes).and.not.include('admin:all');
    expect(asked).to.include.members(['read:policies', 'write:policies', 'delete:policies', 'read:principals', 'read:audit', 'evaluate:decisions']);
    expect(statSync(credentialsFile).mode & 0o777).to.equal(0o600);
    expect(statSync(path.dirname(credentialsFile)).mode & 0o777).to.equal(0o700);
  });

  it('login --scopes asks for those scopes only, and refuses an unknown one with "did you mean" (exit 2) before any request', async () => {
    const narrow = ok(await loginAs('approve', ['--profile', 'narrow', '--scopes', 'read:policies', '--json'])).json<LoginResult>();
    expect(narrow.scope).to.equal('read:policies');
    // Without read:principals the name cannot be read: the id still says who, and login succeeds.
    expect(narrow.username).to.equal(null);
    const typo = await cli(['login', '--no-browser', '--server', serverOrigin(t), '--scopes', 'read:polices', '--json']);
    expect(typo.exitCode).to.equal(exitCodes.usage_error);
    expect(typo.json<{ error: { message: string } }>().error.message).to.equal('--scopes: unknown scope read:polices; did you mean `read:policies`?');
  });

  it('prints the login result as JSON with --json (the URL goes to stderr)', async () => {
    const result = ok(await loginAs('approve', ['--profile', 'second', '--json']));
    expect(result.stderr).to.include('/v1/oauth/authorize?');
    expect(result.json<LoginResult>()).to.include({ profile: 'second', server: serverOrigin(t), subject: user.id, credentials_file: credentialsFile });
  });

  it('signing in again to a profile revokes the sign-in it replaces', async () => {
    const { refresh_token: replaced } = stored().profiles.second!;
    ok(await loginAs('approve', ['--profile', 'second']));
    expect(stored().profiles.second!.refresh_token).to.not.equal(replaced);
    const reuse = await tokenGrant({ grant_type: 'refresh_token', refresh_token: replaced!, client_id: 'acctl-cli' });
    expect(reuse.body.error).to.equal('invalid_grant');
  });

  it('whoami --json shows the signed-in user, the client and the scopes', async () => {
    const whoami = ok(await cli(['whoami', '--json'])).json<WhoamiResult>();
    expect(whoami).to.include({
      profile: 'default',
      source: 'profile',
      subject: user.id,
      username: user.username,
      client_id: 'acctl-cli',
      server: serverOrigin(t),
      expired: false,
      overridden_by_env: false,
    });
    expect(whoami.scopes).to.include('read:policies');
    const human = ok(await cli(['whoami'])).stdout;
    expect(human).to.include(`User:     ${user.username} (${user.id})`);
    const list = ok(await cli(['config', 'list', '--json'])).json<ProfilesOverview>();
    expect(list.profiles.find((profile) => profile.name === 'default')).to.include({ subject: user.id, username: user.username });
    expect(ok(await cli(['config', 'list'])).stdout).to.include(`as ${user.username}`);
  });

  it('whoami reports the credentials of the environment (CI mode), which win over the profile', async () => {
    const clientMode = ok(await cli(['whoami', '--json'], { ACCTL_CLIENT_ID: 'ci-deployer', ACCTL_CLIENT_SECRET: 'not-sent' })).json<WhoamiResult>();
    expect(clientMode).to.include({
      source: 'environment',
      env_credentials: 'client_credentials',
      client_id: 'ci-deployer',
      profile: null,
      overridden_by_env: true,
    });
    const { access_token: token } = stored().profiles.default!;
    const tokenMode = ok(await cli(['whoami', '--json'], { ACCTL_TOKEN: token })).json<WhoamiResult>();
    expect(tokenMode).to.include({ source: 'environment', env_credentials: 'token', subject: user.id, client_id: 'acctl-cli' });
    expect(tokenMode.scopes).to.include('read:policies');
    // Where those credentials would go: ACCTL_SERVER, else the profile's server setting, else the default.
    expect(tokenMode.server).to.equal('http://127.0.0.1:8080');
    const ci = ok(await cli(['whoami'], { ACCTL_TOKEN: token, ACCTL_SERVER: 'https://acctl.example.com' }));
    expect(ci.stdout).to.include('Source:   environment (ACCTL_TOKEN), server https://acctl.example.com');
  });

  it('a resource command uses the stored profile and its server when no credentials are in the environment', async () => {
    const list = ok(await cli(['policy', 'list', '--json'])).json<PolicyList>();
    expect(list.data).to.be.an('array');
  });

  it("refuses to send a profile's token to a server other than the one that issued it", async () => {
    const result = await cli(['policy', 'list', '--json'], { ACCTL_SERVER: 'http://127.0.0.1:9' });
    expect(result.exitCode).to.equal(exitCodes.auth_error);
    expect(result.json<{ error: { message: string } }>().error.message).to.match(/is signed in to .*, not http:\/\/127\.0\.0\.1:9/);
  });

  it('credentials in the environment win over the stored profile', async () => {
    const result = await cli(['policy', 'list', '--json', '--server', serverOrigin(t)], { ACCTL_TOKEN: 'not-a-token' });
    expect(result.exitCode).to.equal(exitCodes.auth_error);
  });

  it('auth token --json refreshes an expired access token without a prompt, and stores the rotated refresh token', async () => {
    const before = stored().profiles.default!;
    expireStoredToken();
    const answer = ok(await cli(['auth', 'token', '--json'])).json<AuthTokenResult>();
    const after = stored().profiles.default!;
    expect(answer.access_token).to.equal(after.access_token).and.not.equal(before.access_token);
    expect(after.refresh_token).to.be.a('string').and.not.equal(before.refresh_token);
    expect(Date.parse(after.expires_at)).to.be.greaterThan(Date.now() + 60_000);
    // A fresh token is printed as is, alone on stdout, for $(acctl auth token).
    expect(ok(await cli(['auth', 'token'])).stdout.trim()).to.equal(after.access_token);
  });

  it('two concurrent commands with an expiring token refresh once: both succeed and the family stays valid', async () => {
    expireStoredToken();
    // Two real processes, which only the credentials file's lock keeps from refreshing twice.
    const [first, second] = await Promise.all([
      runCli(['auth', 'token', '--json'], { env: env(), process: true }),
      runCli(['auth', 'token', '--json'], { env: env(), process: true }),
    ]);
    ok(first);
    ok(second);
    expect(first.json<AuthTokenResult>().access_token).to.equal(second.json<AuthTokenResult>().access_token);
    // Had both presented the same refresh token, reuse detection would have revoked the family.
    expireStoredToken();
    ok(await cli(['auth', 'token', '--json']));
    ok(await cli(['policy', 'list', '--json']));
  });

  it('sends User-Agent acctl/<version> on its sign-in requests too: the code, the refresh and the revocation', async () => {
    const since: number = (await t.app.db('audit_events').max({ seq: 'seq' }).first())?.seq ?? 0;
    ok(await loginAs('approve', ['--profile', 'agent']));
    expireStoredToken('agent');
    ok(await cli(['auth', 'token', '--profile', 'agent']));
    ok(await cli(['logout', '--profile', 'agent']));
    const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'cli/package.json'), 'utf8')) as { version: string };
    const events: Array<{ type: string; actor_client_id: string | null; user_agent: string | null }> = await t.app
      .db('audit_events')
      .where('seq', '>', since)
      .whereIn('type', ['auth.token_issued', 'token.revoked'])
      .orderBy('seq')
      .select('type', 'actor_client_id', 'user_agent');
    // The authorization code, the refresh, the revocation: each request the CLI itself sent.
    expect(events.map((event) => event.type)).to.deep.equal(['auth.token_issued', 'auth.token_issued', 'token.revoked']);
    for (const event of events) expect(event.user_agent, event.type).to.equal(`acctl/${version}`);
  });

  it('logout --json revokes the refresh token at the server and removes the profile', async () => {
    const { refresh_token: refreshToken } = stored().profiles.default!;
    const result = ok(await cli(['logout', '--json'])).json<LogoutResult>();
    expect(result).to.deep.include({ profile: 'default', revoked: true, removed: true });
    expect(stored().profiles).to.not.have.property('default');
    expect(stored().profiles).to.have.property('second');
    const reuse = await tokenGrant({ grant_type: 'refresh_token', refresh_token: refreshToken!, client_id: 'acctl-cli' });
    expect(reuse.status).to.equal(400);
    expect(reuse.body.error).to.equal('invalid_grant');
    const whoami = await cli(['whoami', '--json']);
    expect(whoami.exitCode).to.equal(exitCodes.auth_error);
    expect(whoami.json<{ error: { message: string } }>().error.message).to.match(/Not signed in/);
  });

  it('logout still removes the credentials, with a warning, when the server cannot be reached', async () => {
    const contents = stored();
    contents.profiles.gone = { ...contents.profiles.second!, server: 'http://127.0.0.1:9' };
    writeFileSync(credentialsFile, JSON.stringify(contents));
    const result = ok(await cli(['logout', '--profile', 'gone', '--json'])).json<LogoutResult>();
    expect(result).to.deep.include({ profile: 'gone', revoked: false, removed: true });
    expect(result.warnings.join('\n')).to.match(/Could not revoke/);
    expect(stored().profiles).to.not.have.property('gone');
  });

  it('a denied consent ends login with a clear error and exit code 7, storing nothing', async () => {
    const result = await loginAs('deny', ['--profile', 'denied']);
    expect(result.exitCode).to.equal(exitCodes.auth_error);
    expect(result.stderr).to.match(/Access was denied in the browser/);
    expect(stored().profiles).to.not.have.property('denied');
  });

  it('login gives up with a clear message when the browser does not come back in --timeout seconds', async () => {
    const result = await cli(['login', '--no-browser', '--server', serverOrigin(t), '--timeout', '2', '--json']);
    expect(result.exitCode).to.equal(exitCodes.auth_error);
    expect(result.json<{ error: { message: string } }>().error.message).to.match(/Timed out after 2 s waiting for the browser/);
  });
});
