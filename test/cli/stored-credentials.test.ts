import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { WhoamiResult } from '../../cli/src/commands/whoami.js';
import type { CredentialsFile, StoredProfile } from '../../cli/src/credentials/store.js';
import type { PolicyList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { PageAgent, authorizationCode, createTestUser, pkcePair, signIn, type TestUser } from '../oauth/support/user-agent.js';
import { expectTokens, postToken } from '../oauth/support/tokens.js';
import { serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

/**
 * What the CLI keeps between runs, against a real server: a signed-in profile across a refresh
 * (the sign-in is played over HTTP by PageAgent, as test/browser plays it in Chromium), and the
 * client_credentials token of CI mode (ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET), kept per profile and
 * server in client-tokens.json.
 */
describe("acctl stored credentials: a profile across refreshes, and CI mode's kept token", function () {
  this.timeout(60000);
  let t: TestApp;
  let user: TestUser;
  let configHome: string;
  let credentialsFile: string;

  before(async () => {
    t = await startTestApp({ listen: true });
    user = await createTestUser(t.app);
    configHome = mkdtempSync(path.join(os.tmpdir(), 'acctl-stored-'));
    credentialsFile = path.join(configHome, 'acctl', 'credentials.json');
  });
  after(async () => {
    await t?.close();
    if (configHome) rmSync(configHome, { recursive: true, force: true });
  });

  const cli = (args: readonly string[]): Promise<CliResult> => runCli(args, { env: { XDG_CONFIG_HOME: configHome } });
  const clientTokensFile = (): string => path.join(configHome, 'acctl', 'client-tokens.json');
  /** CI mode: the client's id and secret in the environment; `process` for a real process. */
  const ci = (client: TestClient, args: readonly string[], options: { process?: boolean; secret?: string } = {}): Promise<CliResult> =>
    runCli(args, {
      process: options.process,
      env: {
        XDG_CONFIG_HOME: configHome,
        ACCTL_SERVER: serverOrigin(t),
        ACCTL_CLIENT_ID: client.clientId,
        ACCTL_CLIENT_SECRET: options.secret ?? client.clientSecret,
      },
    });
  /** The access tokens the token endpoint issued to the client (auth.token_issued events). */
  const tokensIssuedTo = async (client: TestClient): Promise<number> =>
    Number((await t.app.db('audit_events').where({ type: 'auth.token_issued', actor_client_id: client.clientId }).count({ n: '*' }).first())!.n);
  const cachedTokens = (): Record<string, { client_id: string; access_token: string }> =>
    (JSON.parse(readFileSync(clientTokensFile(), 'utf8')) as { tokens: Record<string, { client_id: string; access_token: string }> }).tokens;
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
    return result;
  };
  const stored = (): CredentialsFile => JSON.parse(readFileSync(credentialsFile, 'utf8')) as CredentialsFile;

  /** The profile `acctl login` stores for `user` (the acctl-cli client, PKCE, a loopback redirect), written as login writes it. */
  async function signedInProfile(): Promise<StoredProfile> {
    const agent = new PageAgent(t.app);
    await signIn(agent, user);
    const { verifier, challenge } = pkcePair();
    const redirectUri = 'http://127.0.0.1:7777/callback';
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: redirectUri,
      scope: 'read:policies read:principals',
      state: 'st',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const tokens = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: 'acctl-cli', code_verifier: verifier }),
    );
    return {
      server: serverOrigin(t),
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      scope: tokens.scope,
      subject: user.id,
      username: user.username,
    };
  }

  it('keeps the username login stored when the access token is refreshed, so whoami still names the user', async () => {
    const profile = await signedInProfile();
    mkdirSync(path.dirname(credentialsFile), { recursive: true, mode: 0o700 });
    // Expired: the next command refreshes it.
    writeFileSync(credentialsFile, JSON.stringify({ profiles: { default: { ...profile, expires_at: new Date(0).toISOString() } } }), { mode: 0o600 });
    ok(await cli(['auth', 'token', '--json']));
    const refreshed = stored().profiles.default!;
    expect(refreshed.access_token).to.not.equal(profile.access_token);
    expect(refreshed).to.include({ subject: user.id, username: user.username });
    expect(ok(await cli(['whoami', '--json'])).json<WhoamiResult>()).to.include({ subject: user.id, username: user.username });
  });

  it('obtains one token for a series of CI-mode commands, kept in a 0600 file that holds no secret', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    for (let run = 0; run < 3; run++) expect(ok(await ci(client, ['policy', 'list', '--json'])).json<PolicyList>().data).to.be.an('array');
    expect(await tokensIssuedTo(client)).to.equal(1);
    expect(statSync(clientTokensFile()).mode & 0o777).to.equal(0o600);
    const text = readFileSync(clientTokensFile(), 'utf8');
    expect(text).to.not.include(client.clientSecret);
    expect(Object.values(cachedTokens()).filter((entry) => entry.client_id === client.clientId)).to.have.length(1);
  });

  it("never lends a client's kept token to another secret for the same client id", async () => {
    const client = await registerClient(t.app, ['read:policies']);
    ok(await ci(client, ['policy', 'list', '--json']));
    const wrong = await ci(client, ['policy', 'list', '--json'], { secret: `${client.clientSecret}x` });
    expect(wrong.exitCode).to.equal(exitCodes.auth_error);
    expect(wrong.json<{ error: { message: string } }>().error.message).to.match(/refused ACCTL_CLIENT_ID\/ACCTL_CLIENT_SECRET/);
  });

  it('drops a kept token the server refuses (revoked) and obtains one new token, once', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    ok(await ci(client, ['policy', 'list', '--json']));
    const kept = Object.values(cachedTokens()).find((entry) => entry.client_id === client.clientId)!.access_token;
    const revoked = await t.app.inject({ method: 'DELETE', url: '/v1/auth/revoke', headers: bearer(kept) });
    expect(revoked.statusCode, revoked.body).to.equal(200);
    ok(await ci(client, ['policy', 'list', '--json']));
    ok(await ci(client, ['policy', 'list', '--json']));
    expect(await tokensIssuedTo(client)).to.equal(2);
    expect(Object.values(cachedTokens()).find((entry) => entry.client_id === client.clientId)!.access_token).to.not.equal(kept);
  });

  it('treats a torn or invalid token file as empty, and writes a whole one again', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    for (const torn of ['{"tokens": {"abc": {"access_token": "x", "exp', '[1, 2]', '{"tokens": {"k": 7}}']) {
      writeFileSync(clientTokensFile(), torn, { mode: 0o600 });
      ok(await ci(client, ['policy', 'list', '--json']));
      expect(Object.values(cachedTokens()).map((entry) => entry.client_id)).to.include(client.clientId);
    }
  });

  it('lets parallel CI processes share one token, leaving a valid file', async () => {
    const client = await registerClient(t.app, ['read:policies']);
    const runs = await Promise.all(Array.from({ length: 4 }, () => ci(client, ['policy', 'list', '--json'], { process: true })));
    for (const run of runs) ok(run);
    // They took turns on the lock: the first minted, the others found its token.
    expect(await tokensIssuedTo(client)).to.equal(1);
    expect(Object.values(cachedTokens()).filter((entry) => entry.client_id === client.clientId)).to.have.length(1);
  });
});
