import { expect } from 'chai';
import type { ApiToken, ApiTokenList, PrincipalList, TokenRevoked } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { apiAs, apiCli, serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

describe('acctl token (API tokens, against a running server)', function () {
  this.timeout(300000);
  let t: TestApp;
  let admin: ReturnType<typeof apiCli>;
  /** The CLI with only ACCTL_TOKEN as credentials. */
  const withToken = (token: string, args: readonly string[], input?: string): Promise<CliResult> =>
    runCli(args, { input, env: { ACCTL_SERVER: serverOrigin(t), ACCTL_TOKEN: token } });

  before(async () => {
    t = await startTestApp({ listen: true });
    const { client } = await apiAs(t, ['admin:all']);
    admin = apiCli(t, client);
  });
  after(() => t.close());

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  let created: ApiToken;

  it('creates a token with scopes and a lifetime, printed in the JSON answer', async () => {
    created = ok(await admin(['token', 'create', '--name', 'ci-deploy', '--scope', 'read:principals', '--expires-in', '1h', '--json'])).json<ApiToken>();
    expectSchema('api-token', created);
    expect(created).to.include({ name: 'ci-deploy', expires_in: 3600 });
    expect(created.scopes).to.deep.equal(['read:principals']);
  });

  it('the new token works as ACCTL_TOKEN, within its scopes only', async () => {
    expect(ok(await withToken(created.token, ['principal', 'list', '--json'])).json<PrincipalList>().data).to.be.an('array');
    const refused = await withToken(created.token, ['principal', 'create', '--kind', 'service', '--name', 'nope', '--json']);
    expect(refused.exitCode).to.equal(exitCodes.auth_error);
  });

  it('lists tokens as JSON and as a table, with their last use, never printing a token', async () => {
    // Any token may list its owner's tokens: this one has read:principals only.
    const listed = ok(await withToken(created.token, ['token', 'list', '--json'])).json<ApiTokenList>();
    const item = listed.data.find((token) => token.id === created.id)!;
    expect(item).to.include({ name: 'ci-deploy', status: 'active', token_hint: created.token.slice(-4) });
    // The previous test used it: its last use is recorded.
    expect(item.last_used_at).to.be.a('string');
    const table = ok(await admin(['token', 'list', '--limit', '100']));
    expect(table.stdout).to.match(/ID\s+NAME\s+ENDS\s+SCOPES\s+OWNER\s+CREATED\s+LAST USED\s+EXPIRES\s+STATUS/);
    expect(table.stdout)
      .to.contain(created.id)
      .and.contain(`...${created.token.slice(-4)}`);
    expect(`${table.stdout}${JSON.stringify(listed)}`).to.not.contain(created.token);
    expect(table.stderr).to.match(/page 1 of 1/);
    expect((await admin(['token', 'list', '--status', 'lost', '--json'])).exitCode).to.equal(exitCodes.usage_error);
  });

  it('prints the token once for people, saying it will not be shown again, and warns when it never expires', async () => {
    const result = ok(await admin(['token', 'create', '--name', 'forever', '--scope', 'read:policies']));
    expect(result.stdout)
      .to.match(/acctl_api_[0-9A-Za-z]{49}/)
      .and.to.contain('it will not be shown again');
    expect(result.stdout).to.match(/expires\s+never/);
  });

  it('refuses a duration it cannot read, before calling the server', async () => {
    const result = await admin(['token', 'create', '--name', 'x', '--scope', 'read:policies', '--expires-in', 'soon', '--json']);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect(result.json<{ error: { message: string } }>().error.message).to.contain('not a duration');
  });

  let rotated: ApiToken;

  it('rotates the token in ACCTL_TOKEN: the new one works, the old one is refused', async () => {
    rotated = ok(await withToken(created.token, ['token', 'rotate', '--json'])).json<ApiToken>();
    expect(rotated).to.include({ name: 'ci-deploy', replaces: created.id });
    expect(rotated.token).to.not.equal(created.token);
    ok(await withToken(rotated.token, ['principal', 'list', '--json']));
    const old = await withToken(created.token, ['principal', 'list', '--json']);
    expect(old.exitCode).to.equal(exitCodes.auth_error);
  });

  it('rotates a token read from stdin, with a new lifetime', async () => {
    const again = ok(await admin(['token', 'rotate', '--token-stdin', '--expires-in', '2h', '--json'], { input: `${rotated.token}\n` })).json<ApiToken>();
    expect(again).to.include({ replaces: rotated.id, expires_in: 7200 });
    rotated = again;
  });

  it('refuses to rotate something that is not an API token', async () => {
    const result = await withToken('eyJhbGciOi.not.api', ['token', 'rotate', '--json']);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
  });

  it('revokes the presented token with --self; using it afterwards is refused with exit 7', async () => {
    const revoked = ok(await withToken(rotated.token, ['token', 'revoke', '--self', '--json'])).json<TokenRevoked>();
    expect(revoked).to.include({ revoked: true, token_kind: 'api_token', id: rotated.id });
    const refused = await withToken(rotated.token, ['principal', 'list', '--json']);
    expect(refused.exitCode).to.equal(exitCodes.auth_error);
    expect(refused.json<{ error: { code: string } }>().error.code).to.equal('auth_error');
  });

  it('revokes a token by id (admin), and by value read from stdin', async () => {
    const byId = ok(await admin(['token', 'create', '--name', 'by-id', '--scope', 'read:policies', '--json'])).json<ApiToken>();
    expect(ok(await admin(['token', 'revoke', byId.id, '--json'])).json<TokenRevoked>()).to.include({ id: byId.id, token_kind: 'api_token' });
    expect((await withToken(byId.token, ['policy', 'list', '--json'])).exitCode).to.equal(exitCodes.auth_error);
    const byValue = ok(await admin(['token', 'create', '--name', 'by-value', '--scope', 'read:policies', '--json'])).json<ApiToken>();
    const human = ok(await admin(['token', 'revoke', '--token-stdin'], { input: `${byValue.token}\n` }));
    expect(human.stdout).to.contain(`Revoked API token ${byValue.id}`);
    expect((await withToken(byValue.token, ['policy', 'list', '--json'])).exitCode).to.equal(exitCodes.auth_error);
  });

  it('asks for exactly one of ID, --token-stdin and --self', async () => {
    const result = await admin(['token', 'revoke', '--json']);
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect((await admin(['token', 'revoke', 'abc', '--self'])).exitCode).to.equal(exitCodes.usage_error);
  });
});
