import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { DelegationGrant, DelegationGrantList, OAuthTokenResponse } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { systemContext } from '../../server/src/admin/index.js';
import { grantDelegation, type DelegationGrantSummary } from '../../server/src/domains/oauth/delegation-grants.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { clientFields, registerCodeClient } from '../oauth/support/clients.js';
import { apiStatus, expectTokens, postToken } from '../oauth/support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';
import { apiAs, apiCli, serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

const exchangeGrant = 'urn:ietf:params:oauth:grant-type:token-exchange';
type CliFailure = { error: { code: string; message: string } };

/**
 * Issue #36: `acctl token exchange` (RFC 8693 delegation) and `acctl agent grant list|revoke`
 * against a running server. The subject is a user's token from the authorization-code flow, the
 * actor an agent client's own, the grant made by the server's own function, as the consent page
 * makes it; the delegated token is checked with jose against the server's JWKS.
 */
describe('acctl token exchange and acctl agent grant (delegation, against a running server)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let user: TestUser;
  let agent: TestClient;
  let userToken: string;
  let agentToken: string;
  let grant: DelegationGrantSummary;
  let files: string;
  let admin: ReturnType<typeof apiCli>;
  /** What the exchanged token of the first test became: the revocation must end it. */
  let delegated: string;

  /** The CLI as the user (their own token as ACCTL_TOKEN), or with any other environment. */
  const asUser = (args: readonly string[]): Promise<CliResult> => runCli(args, { env: { ACCTL_SERVER: serverOrigin(t), ACCTL_TOKEN: userToken } });
  const cli = (args: readonly string[], env: Record<string, string> = {}, options: { input?: string; process?: boolean } = {}) =>
    runCli(args, { ...options, env: { ACCTL_SERVER: serverOrigin(t), ...env } });
  const agentEnv = (): Record<string, string> => ({ ACCTL_CLIENT_ID: agent.clientId, ACCTL_CLIENT_SECRET: agent.clientSecret });
  const file = (name: string, text: string): string => {
    const at = path.join(files, name);
    writeFileSync(at, text, { mode: 0o600 });
    return at;
  };
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    files = mkdtempSync(path.join(os.tmpdir(), 'acctl-exchange-'));
    const app = await registerCodeClient(t.app, { scopes: ['read:policies', 'write:policies', 'read:principals'] });
    user = await createTestUser(t.app);
    const browser = new PageAgent(t.app);
    await signIn(browser, user);
    const code = await authorizationCode(browser, {
      response_type: 'code',
      client_id: app.clientId,
      redirect_uri: app.redirectUri,
      scope: 'read:policies write:policies',
    });
    userToken = expectTokens(
      await postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: app.redirectUri, ...clientFields(app) }),
    ).access_token;
    agent = await registerClient(t.app, ['read:policies', 'write:policies'], { grantTypes: ['client_credentials', exchangeGrant] });
    agentToken = await accessToken(t.app, agent);
    grant = await grantDelegation(t.app, systemContext('system:test'), {
      principalId: user.id,
      agentClientId: agent.clientId,
      scopes: ['read:policies'],
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    admin = apiCli(t, (await apiAs(t, ['admin:all'])).client);
  });
  after(async () => {
    rmSync(files, { recursive: true, force: true });
    await t?.close();
  });

  it('exchanges the tokens of files for a delegated token, printed alone on stdout: the user as sub, the agent as act', async () => {
    const secret = file('agent-secret', `${agent.clientSecret}\n`);
    const subject = file('user.jwt', `${userToken}\n`);
    const actor = file('agent.jwt', agentToken);
    const args = [
      'token',
      'exchange',
      '--subject-token-file',
      subject,
      '--actor-token-file',
      actor,
      '--client-id',
      agent.clientId,
      '--client-secret-file',
      secret,
    ];
    const result = ok(await cli(args));
    expect(result.stdout).to.match(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    delegated = result.stdout.trim();
    expect(result.stderr).to.not.contain(delegated);
    const { payload } = await jwtVerify(delegated, createRemoteJWKSet(new URL(`${t.baseUrl}/oauth/.well-known/jwks.json`)), {
      issuer: t.config.publicUrl,
      audience: t.config.publicUrl,
    });
    expect(payload).to.include({ sub: user.id, client_id: agent.clientId, scope: 'read:policies' });
    expect(payload.act).to.deep.equal({ sub: agent.clientId, client_id: agent.clientId });
    expect(await apiStatus(t.app, delegated)).to.equal(200);
  });

  it('reads the subject token from stdin and the rest from the environment, in a real process; --json prints the token response', async () => {
    const env = { ...agentEnv(), ACCTL_ACTOR_TOKEN: agentToken };
    const result = ok(
      await cli(['token', 'exchange', '--subject-token-file', '-', '--scope', 'read:policies', '--json'], env, { input: `${userToken}\n`, process: true }),
    );
    const response = result.json<OAuthTokenResponse>();
    expect(response).to.include({ issued_token_type: 'urn:ietf:params:oauth:token-type:access_token', token_type: 'Bearer', scope: 'read:policies' });
    expect(response.expires_in).to.be.greaterThan(0);
    expect(decodeJwt(response.access_token).act).to.deep.equal({ sub: agent.clientId, client_id: agent.clientId });
    expect(result.stderr).to.equal('');
  });

  it('refuses two inputs on stdin, and a token file of two words, before anything is sent', async () => {
    const twice = await cli(['token', 'exchange', '--subject-token-file', '-', '--actor-token-file', '-', '--json'], agentEnv());
    expect(twice.exitCode).to.equal(exitCodes.usage_error);
    expect(twice.json<CliFailure>().error.message).to.contain('Only one input can be read from stdin');
    const pasted = await cli(['token', 'exchange', '--subject-token-file', file('two.jwt', `${userToken} ${userToken}`), '--json'], agentEnv());
    expect(pasted.exitCode).to.equal(exitCodes.usage_error);
    expect(pasted.json<CliFailure>().error.message).to.contain('--subject-token-file holds spaces');
  });

  it('turns a refused exchange into a CLI error with the server code and description: invalid_scope exits 2, invalid_grant 7', async () => {
    const env = { ...agentEnv(), ACCTL_SUBJECT_TOKEN: userToken, ACCTL_ACTOR_TOKEN: agentToken };
    // write:policies is held by both tokens, not by the grant: refused, never dropped.
    const scope = await cli(['token', 'exchange', '--scope', 'write:policies', '--json'], env);
    expect(scope.exitCode).to.equal(exitCodes.usage_error);
    expect(scope.json<CliFailure>().error).to.include({ code: 'usage_error' });
    expect(scope.json<CliFailure>().error.message).to.contain('(invalid_scope)').and.contain('delegation grant alike: write:policies');
    // The actor token of another client is not this client's own.
    const stranger = await registerClient(t.app, ['read:policies'], { grantTypes: ['client_credentials', exchangeGrant] });
    const actor = await cli(['token', 'exchange'], { ...env, ACCTL_ACTOR_TOKEN: await accessToken(t.app, stranger) });
    expect(actor.exitCode).to.equal(exitCodes.auth_error);
    expect(actor.stderr).to.contain('(invalid_grant): The actor_token was not issued to this client');
    expect(actor.stdout).to.equal('');
  });

  it('lists the grant to its user (their own) as JSON, and to an administrator as a table', async () => {
    const own = ok(await asUser(['agent', 'grant', 'list', '--json'])).json<DelegationGrantList>();
    expect(own.data.map((item) => item.id)).to.deep.equal([grant.id]);
    expect(own.data[0]).to.include({ agent_client_id: agent.clientId, principal_id: user.id, revoked_at: null });
    const table = ok(await admin(['agent', 'grant', 'list', '--limit', '100']));
    expect(table.stdout).to.match(/ID\s+AGENT\s+USER\s+SCOPES\s+CREATED\s+EXPIRES\s+STATUS/);
    expect(table.stdout).to.match(new RegExp(`${grant.id}\\s+${agent.clientId}\\s+${user.id}\\s+read:policies\\s.*active`));
    expect(table.stderr).to.match(/page 1 of 1/);
  });

  it('revokes the grant only with --yes off a terminal; then the exchanged token is refused by the API, and so is a new exchange', async () => {
    const unasked = await asUser(['agent', 'grant', 'revoke', grant.id]);
    expect(unasked.exitCode).to.equal(exitCodes.usage_error);
    expect(unasked.stderr).to.contain('cannot ask for approval without a terminal: add --yes; nothing was revoked');
    expect(await apiStatus(t.app, delegated)).to.equal(200);
    const revoked = ok(await asUser(['agent', 'grant', 'revoke', grant.id, '--yes', '--json'])).json<DelegationGrant>();
    expect(revoked).to.include({ id: grant.id, agent_client_id: agent.clientId });
    expect(revoked.revoked_at).to.be.a('string');
    expect(await apiStatus(t.app, delegated)).to.equal(401);
    const listed = ok(await admin(['agent', 'grant', 'list']));
    expect(listed.stdout).to.match(new RegExp(`${grant.id}.*revoked`));
    const env = { ...agentEnv(), ACCTL_SUBJECT_TOKEN: userToken, ACCTL_ACTOR_TOKEN: agentToken };
    const again = await cli(['token', 'exchange', '--json'], env);
    expect(again.exitCode).to.equal(exitCodes.auth_error);
    expect(again.json<CliFailure>().error.message).to.contain('no live delegation grant');
  });

  it('says there is no such grant for an unknown id (exit 4), and refuses an id that is none (exit 2)', async () => {
    const unknown = await admin(['agent', 'grant', 'revoke', randomUUID(), '--yes', '--json']);
    expect(unknown.exitCode).to.equal(exitCodes.not_found);
    expect(unknown.json<CliFailure>().error.message).to.match(/^No delegation grant [0-9a-f-]{36}/);
    const malformed = await admin(['agent', 'grant', 'revoke', 'grant-1', '--yes']);
    expect(malformed.exitCode).to.equal(exitCodes.usage_error);
    expect(malformed.stderr).to.contain('"grant-1" is not a delegation grant id: they are UUIDs');
  });
});
