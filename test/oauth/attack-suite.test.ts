import { scrypt } from 'node:crypto';
import { expect } from 'chai';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { bearer, createApiToken, forgeAccessToken } from '../helpers/credentials.js';
import { expectOAuthError, expectProblem, wwwAuthenticate } from '../helpers/responses.js';
import { hashSecret } from '../../server/src/security/secrets.js';
import { registerCodeClient, clientFields } from './support/clients.js';
import { expectTokens, postToken } from './support/tokens.js';
import { authorizationCode, createTestUser, PageAgent, pkcePair, signIn } from './support/user-agent.js';

/**
 * Issue #10's checklist, the cases no other file covers. Most requirements are tested next to the
 * code they protect; docs/security.md maps each requirement to its test.
 */
describe('OAuth attack suite: requirements not covered elsewhere', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp({ config: { passwordHashCost: 17 } }); // it checks the production cost of password hashes
  });
  after(async () => t.close());

  it('"access tokens carry jti; JWT header typ: JWT and kid": on client_credentials and authorization_code tokens, jti unique per token', async () => {
    const client = await registerClient(t.app, ['read:audit']);
    const codeClient = await registerCodeClient(t.app);
    const agent = new PageAgent(t.app);
    await signIn(agent, await createTestUser(t.app));
    const { verifier, challenge } = pkcePair();
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: codeClient.clientId,
      redirect_uri: codeClient.redirectUri,
      scope: 'read:policies',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    });
    const userToken = expectTokens(
      await postToken(t.app, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: codeClient.redirectUri,
        code_verifier: verifier,
        ...clientFields(codeClient),
      }),
    ).access_token;
    const tokens = [await accessToken(t.app, client), await accessToken(t.app, client), userToken];

    const published = (await t.app.inject({ method: 'GET', url: '/v1/oauth/.well-known/jwks.json' })).json().keys.map((key: { kid: string }) => key.kid);
    for (const token of tokens) {
      const header = decodeProtectedHeader(token);
      expect(header).to.include({ alg: 'RS256', typ: 'JWT' });
      expect(published).to.include(header.kid);
    }
    const jtis = tokens.map((token) => decodeJwt(token).jti);
    for (const jti of jtis) expect(jti).to.be.a('string').with.length.greaterThan(15);
    expect(new Set(jtis).size, 'each token has its own jti').to.equal(tokens.length);
  });

  it('"invalid_token when bad (unknown kid)": refuses a token under an unknown kid even when the service key signed it', async () => {
    // test/auth/bearer.test.ts refuses an unknown kid on a foreign key's signature, which a verifier
    // that ignored kid and tried its own keys would refuse too; here only the kid is wrong.
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', headers: bearer(token) });
    expect((await refresh(await forgeAccessToken(t.app))).statusCode, 'control: the same token under the right kid gets past authentication').to.equal(400);
    const response = await refresh(await forgeAccessToken(t.app, { header: { kid: 'kid-this-service-never-had' } }));
    expectProblem(response, 401, 'invalid_token');
    expect(wwwAuthenticate(response)).to.match(/^Bearer realm="acctl", error="invalid_token"/);
  });

  it('"invalid_client" to a confidential client that sends its client_id alone, as a public client would; its code stays unredeemed', async () => {
    const client = await registerCodeClient(t.app);
    const agent = new PageAgent(t.app);
    await signIn(agent, await createTestUser(t.app));
    const code = await authorizationCode(agent, {
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUri,
      scope: 'read:policies',
    });
    const redeem = (fields: Record<string, string>) =>
      postToken(t.app, { grant_type: 'authorization_code', code, redirect_uri: client.redirectUri, ...fields });
    const response = await redeem({ client_id: client.clientId });
    expectOAuthError(response, 401, 'invalid_client');
    expect(response.headers['www-authenticate'], 'no Basic challenge when Basic was not used').to.equal(undefined);
    expectTokens(await redeem(clientFields(client)));
  });

  it('"secrets stored as SHA-256": the client and API-token tables hold each secret\'s SHA-256 and no plaintext', async () => {
    const client = await registerClient(t.app, ['admin:all']);
    const created = await createApiToken(t.app, await accessToken(t.app, client), { name: 'at-rest', scopes: ['read:audit'] });
    const clientRow = await t.app.db('oauth_clients').where({ client_id: client.clientId }).first();
    const tokenRow = await t.app.db('api_tokens').where({ id: created.id }).first();
    expect(clientRow.secret_hash).to.equal(hashSecret(client.clientSecret));
    expect(tokenRow.token_hash).to.equal(hashSecret(created.token));
    const tables = JSON.stringify([await t.app.db('oauth_clients').select('*'), await t.app.db('api_tokens').select('*')]);
    expect(tables).to.not.include(client.clientSecret);
    expect(tables).to.not.include(created.token.slice('acctl_'.length, -6));
  });

  it('"passwords with a memory-hard KDF": scrypt with N >= 2^17, r = 8 (128 MiB), a 16-byte salt, and the stored key re-derives', async () => {
    const user = await createTestUser(t.app);
    const { password_hash: stored } = await t.app.db('principals').where({ id: user.id }).first();
    expect(stored).to.not.include(user.password);
    const [scheme, n, r, p, salt, key] = (stored as string).split('$');
    expect(scheme).to.equal('scrypt');
    expect(Number(n)).to.be.at.least(2 ** 17);
    expect(Number(r)).to.be.at.least(8);
    expect(Number(p)).to.be.at.least(1);
    expect(Buffer.from(salt!, 'base64url')).to.have.lengthOf(16);
    // Re-derived here, from the parameters alone: the hash is scrypt itself, not a look-alike.
    const derived = await new Promise<Buffer>((resolve, reject) =>
      scrypt(user.password, Buffer.from(salt!, 'base64url'), 32, { N: Number(n), r: Number(r), p: Number(p), maxmem: 256 * 1024 * 1024 }, (error, out) =>
        error ? reject(error) : resolve(out),
      ),
    );
    expect(derived.toString('base64url')).to.equal(key);
  });
});
