import { createHash } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';
import { runCli } from './run-cli.js';

interface CreatedClient {
  client_id: string;
  client_secret: string | null;
  client_type: string;
  grant_types: string[];
  allowed_scopes: string[];
}

describe('acctl server client', function () {
  this.timeout(60000);
  let databaseUrl: string;
  let db: Knex;
  let t: TestApp;
  const cli = (...args: string[]) => runCli(['server', 'client', ...args], { env: { DATABASE_URL: databaseUrl } });
  const tokenResponse = (clientId: string, clientSecret: string) =>
    t.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret } });

  before(async () => {
    databaseUrl = await freshDatabase();
    db = createKnex(databaseUrl, 1);
    t = await startTestApp({ databaseUrl });
  });
  after(async () => {
    await t?.close();
    await db?.destroy();
  });

  it("create --owner binds the client to the policy owners it may write; its token is refused another owner's policy", async () => {
    const created = (
      await cli('create', '--name', 'payments-ci', '--scope', 'write:policies', '--scope', 'delete:policies', '--owner', 'payments', '--json')
    ).json<CreatedClient & { owners: string[] | null }>();
    expect(created.owners).to.deep.equal(['payments']);
    const listed = (await cli('list', '--json')).json<{ clients: Array<{ client_id: string; owners: string[] | null }> }>().clients;
    expect(listed.find((client) => client.client_id === created.client_id)?.owners).to.deep.equal(['payments']);
    const token = (await tokenResponse(created.client_id, created.client_secret!)).json().access_token as string;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/v1/policies',
      headers: { authorization: `Bearer ${token}` },
      payload: { name: 'not-ours', rules: [], metadata: { managed_by: 'identity' } },
    });
    expect(refused.statusCode, refused.body).to.equal(403);
    expect(refused.json().code).to.equal('policy_owned_elsewhere');
  });

  it('create prints the secret once and stores only its SHA-256', async () => {
    const human = await cli('create', '--name', 'billing', '--scope', 'read:policies');
    expect(human.exitCode, human.stderr).to.equal(0);
    const [, secret] = /client_secret\s+(\S+)/.exec(human.stdout) ?? [];
    const [, clientId] = /client_id\s+(\S+)/.exec(human.stdout) ?? [];
    expect(secret).to.match(/^acctl_cs_[0-9A-Za-z]{49}$/);
    expect(human.stdout).to.include('shown only this once');

    const row = await db('oauth_clients').where({ client_id: clientId }).first();
    expect(row.secret_hash).to.equal(createHash('sha256').update(secret!).digest('hex'));
    expect(row.secret_hash).to.not.equal(secret);
    expect(row).to.include({ name: 'billing', client_type: 'confidential' });

    const listed = await cli('list', '--json');
    expect(listed.stdout).to.not.include(secret!);
    expect(listed.stdout).to.not.include(row.secret_hash);
  });

  it('create --json gives a client that gets a token with its scopes', async () => {
    const result = await cli('create', '--name', 'reporting', '--scope', 'read:audit', '--scope', 'evaluate:decisions', '--json');
    expect(result.exitCode, result.stderr).to.equal(0);
    const created = result.json<CreatedClient>();
    expect(created).to.include({ client_type: 'confidential' });
    expect(created.grant_types).to.deep.equal(['client_credentials']);
    expect(created.allowed_scopes).to.deep.equal(['read:audit', 'evaluate:decisions']);

    const response = await tokenResponse(created.client_id, created.client_secret!);
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json()).to.include({ token_type: 'Bearer', scope: 'read:audit evaluate:decisions' });
  });

  it('list --json gives every client, without secrets', async () => {
    const created = (await cli('create', '--name', 'listed', '--json')).json<CreatedClient>();
    const result = await cli('list', '--json');
    expect(result.exitCode, result.stderr).to.equal(0);
    const { clients } = result.json<{ clients: Array<Record<string, unknown>> }>();
    const listed = clients.find((client) => client.client_id === created.client_id);
    expect(listed).to.include({ name: 'listed', client_type: 'confidential', secret_rotated_at: null });
    for (const client of clients) expect(client).to.not.have.any.keys('client_secret', 'secret_hash');
  });

  it('list prints a table', async () => {
    const result = await cli('list');
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout.split('\n')[0]).to.match(/^CLIENT ID\s+NAME\s+TYPE\s+GRANT TYPES\s+SCOPES\s+OWNERS\s+AGENT\s+CREATED$/);
    expect(result.stdout).to.include('billing');
  });

  it('rotate-secret makes the old secret fail and the new one work', async () => {
    const created = (await cli('create', '--name', 'rotated', '--scope', 'read:policies', '--json')).json<CreatedClient>();
    const result = await cli('rotate-secret', created.client_id, '--json');
    expect(result.exitCode, result.stderr).to.equal(0);
    const rotated = result.json<{ client_id: string; client_secret: string; secret_rotated_at: string }>();
    expect(rotated.client_id).to.equal(created.client_id);
    expect(rotated.client_secret).to.not.equal(created.client_secret);

    const old = await tokenResponse(created.client_id, created.client_secret!);
    expect(old.statusCode).to.equal(401);
    expect(old.json()).to.include({ error: 'invalid_client' });
    expect((await tokenResponse(created.client_id, rotated.client_secret)).statusCode).to.equal(200);
  });

  it('delete removes the client, and a second delete exits 4 (not found)', async () => {
    const created = (await cli('create', '--name', 'doomed', '--json')).json<CreatedClient>();
    const deleted = await cli('delete', created.client_id, '--json');
    expect(deleted.exitCode, deleted.stderr).to.equal(0);
    expect(deleted.json()).to.deep.equal({ client_id: created.client_id, deleted: true });
    expect(await db('oauth_clients').where({ client_id: created.client_id }).first()).to.equal(undefined);
    expect((await tokenResponse(created.client_id, created.client_secret!)).statusCode).to.equal(401);

    const again = await cli('delete', created.client_id, '--json');
    expect(again.exitCode).to.equal(4);
    expect(again.json()).to.deep.include({
      error: {
        code: 'not_found',
        exit_code: 4,
        message: `No OAuth client with client_id ${created.client_id}`,
        suggestions: ['See the clients with: acctl server client list'],
      },
    });
  });

  it('an unknown scope exits 2 with a clear message and registers nothing', async () => {
    const before = await db('oauth_clients').count<{ count: number }[]>('* as count');
    const result = await cli('create', '--name', 'greedy', '--scope', 'read:everything');
    expect(result.exitCode).to.equal(2);
    expect(result.stderr.split('\n')[0]).to.equal('Error: Unknown scope: read:everything');
    expect(result.stderr).to.include('Known scopes: read:principals');
    expect(result.stdout).to.equal('');
    expect(await db('oauth_clients').count<{ count: number }[]>('* as count')).to.deep.equal(before);
  });

  it('a public client gets no secret and cannot use client_credentials', async () => {
    const refused = await cli('create', '--name', 'spa', '--public', '--grant-type', 'client_credentials', '--json');
    expect(refused.exitCode).to.equal(2);
    expect(refused.json<{ error: { code: string; message: string } }>().error).to.include({
      code: 'usage_error',
      message: 'A public client has no secret, so it cannot use client_credentials',
    });

    const result = await cli('create', '--name', 'spa', '--public', '--redirect-uri', 'https://app.example.com/callback', '--json');
    expect(result.exitCode, result.stderr).to.equal(0);
    const created = result.json<CreatedClient & { redirect_uris: string[] }>();
    expect(created).to.include({ client_type: 'public', client_secret: null });
    expect(created.grant_types).to.deep.equal(['authorization_code']);
    expect(created.redirect_uris).to.deep.equal(['https://app.example.com/callback']);
    expect((await db('oauth_clients').where({ client_id: created.client_id }).first()).secret_hash).to.equal(null);
  });

  it('a redirect URI must be an absolute http(s) URL', async () => {
    const result = await cli(
      'create',
      '--name',
      'web',
      '--grant-type',
      'authorization_code',
      '--redirect-uri',
      'javascript:alert(1)',
      '--redirect-uri',
      '/callback',
    );
    expect(result.exitCode).to.equal(2);
    expect(result.stderr).to.include('Redirect URI javascript:alert(1) must use http or https');
    expect(result.stderr).to.include('Redirect URI /callback is not an absolute URL');
  });

  it('rotate-secret of an unknown client exits 4', async () => {
    const result = await cli('rotate-secret', 'no-such-client');
    expect(result.exitCode).to.equal(4);
    expect(result.stderr.split('\n')[0]).to.equal('Error: No OAuth client with client_id no-such-client');
  });

  it('an unreachable database exits 6', async () => {
    const result = await runCli(['server', 'client', 'list', '--json'], { env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/acctl' } });
    expect(result.exitCode).to.equal(6);
    expect(result.json<{ error: { code: string } }>().error.code).to.equal('database_unavailable');
  });
});
