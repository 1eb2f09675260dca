import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Signing keys live in PostgreSQL, encrypted with the key-encryption key, and are shared by every
 * instance on the database. Tokens are checked on POST /v1/auth/token (needs admin:all).
 */
describe('Signing keys: rotation and sharing between instances', () => {
  let first: TestApp;
  let second: TestApp;
  let client: TestClient;
  before(async () => {
    first = await startTestApp();
    second = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
    client = await registerClient(first.app, ['admin:all']);
  });
  after(async () => {
    await second.close();
    await first.close();
  });

  const kidOf = (token: string): string => decodeProtectedHeader(token).kid!;
  const accepted = async (on: TestApp, token: string): Promise<boolean> => {
    const response = await on.app.inject({ method: 'POST', url: '/v1/auth/token', headers: bearer(token), payload: { name: 'probe', scopes: ['read:audit'] } });
    if (response.statusCode === 201) return true;
    expectProblem(response, 401, 'invalid_token');
    return false;
  };
  const jwksOf = async (on: TestApp) =>
    (await on.app.inject({ method: 'GET', url: '/v1/oauth/.well-known/jwks.json' })).json() as { keys: Array<{ kid: string }> };

  it('shares one signing key between instances on the same database', async () => {
    expect(second.app.signingKeys.signingKey().kid).to.equal(first.app.signingKeys.signingKey().kid);
  });

  it('lets a second instance accept tokens issued by the first', async () => {
    expect(await accepted(second, await accessToken(first.app, client))).to.equal(true);
  });

  it('keeps accepting tokens signed before a rotation, and keeps their key in the JWKS', async () => {
    const before = await accessToken(first.app, client);
    const { retired, created } = await first.app.signingKeys.rotate();
    expect(retired).to.deep.equal([kidOf(before)]);
    expect(await accepted(first, before)).to.equal(true);
    const kids = (await jwksOf(first)).keys.map((key) => key.kid);
    expect(kids).to.include.members([kidOf(before), created]);
    await jwtVerify(before, createLocalJWKSet(await jwksOf(first)), { issuer: first.config.publicUrl, audience: first.config.publicUrl });
  });

  it('signs new tokens with the new key after a rotation', async () => {
    const { created } = await first.app.signingKeys.rotate();
    const after = await accessToken(first.app, client);
    expect(kidOf(after)).to.equal(created);
    expect(await accepted(first, after)).to.equal(true);
  });

  it('lets a second instance accept a token signed with a key rotated on the first, re-reading the keys for its unknown kid', async () => {
    // The second has just read the keys, as its periodic refresh may have: only a re-read for the
    // unknown kid can find the new key, and it must not be skipped for having read them recently.
    await second.app.signingKeys.refresh();
    const { created } = await first.app.signingKeys.rotate();
    const token = await accessToken(first.app, client);
    expect(kidOf(token)).to.equal(created);
    expect(await accepted(second, token)).to.equal(true);
    expect((await jwksOf(second)).keys.map((key) => key.kid)).to.include(created);
  });

  it('lets the second instance sign with the key rotated on the first once it has re-read the keys', async () => {
    const { created } = await first.app.signingKeys.rotate();
    await second.app.signingKeys.refresh();
    const fromSecond = await accessToken(second.app, client);
    expect(kidOf(fromSecond)).to.equal(created);
    expect(await accepted(first, fromSecond)).to.equal(true);
  });

  it('stops publishing a retired key once its retention has passed, and refuses its tokens', async () => {
    const oldToken = await accessToken(first.app, client);
    await first.app.signingKeys.rotate();
    // Age the retirement beyond the retention (token lifetime plus skew) instead of waiting for it.
    const longAgo = new Date(Date.now() - (first.config.keyRetentionSeconds + 60) * 1000);
    await first.app
      .db('signing_keys')
      .where({ kid: kidOf(oldToken) })
      .update({ retired_at: longAgo });
    await first.app.signingKeys.refresh();
    expect((await jwksOf(first)).keys.map((key) => key.kid)).to.not.include(kidOf(oldToken));
    expect(await accepted(first, oldToken)).to.equal(false);
  });

  it('refuses to start an instance whose key-encryption key cannot decrypt the stored keys, saying so', async () => {
    let failure: unknown;
    try {
      const wrong = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: randomBytes(32).toString('base64') } });
      await wrong.close();
    } catch (error) {
      failure = error;
    }
    expect(failure, 'the instance started').to.be.instanceOf(Error);
    expect((failure as Error).message)
      .to.match(/cannot be decrypted/)
      .and.match(/ACCTL_KEY_ENCRYPTION_KEY/);
  });

  it('stores private keys encrypted, never as PEM', async () => {
    const rows: Array<{ private_key_encrypted: string }> = await first.app.db('signing_keys').select('private_key_encrypted');
    expect(rows.length).to.be.greaterThan(0);
    for (const row of rows) {
      expect(row.private_key_encrypted).to.match(/^v1\./);
      expect(row.private_key_encrypted).to.not.include('PRIVATE KEY');
    }
  });
});
