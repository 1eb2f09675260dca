import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { WhoamiResult } from '../../cli/src/commands/whoami.js';
import type { CredentialsFile, StoredProfile } from '../../cli/src/credentials/store.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { PageAgent, authorizationCode, createTestUser, pkcePair, signIn, type TestUser } from '../oauth/support/user-agent.js';
import { expectTokens, postToken } from '../oauth/support/tokens.js';
import { serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

/**
 * What the CLI keeps between runs, against a real server: a signed-in profile across a refresh.
 * The sign-in is played over HTTP (PageAgent), as test/browser plays it in Chromium.
 */
describe('acctl stored credentials (a profile across refreshes)', function () {
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
});
