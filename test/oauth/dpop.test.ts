import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import * as client from 'openid-client';
import type { FastifyInstance } from 'fastify';
import knex from 'knex';
import { DPoPProofRejected } from '../../server/src/plugins/auth/dpop/index.js';
import { importProofKey } from '../../server/src/plugins/auth/dpop/proof-keys.js';
import { ProofJtiStore } from '../../server/src/plugins/auth/dpop/replay-store.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { expectOAuthError, expectProblem, wwwAuthenticate } from '../helpers/responses.js';
import { registerCodeClient, type CodeClient } from './support/clients.js';
import { handMadeProof, proof, proofKey, type ProofKey } from './support/dpop.js';
import { authorizationCode, createTestUser, PageAgent, pkcePair, signIn } from './support/user-agent.js';

/** RFC 9449 section 4.1, figure 3's example proof; its header, and its payload and signature as printed. */
const rfcProofHeader = {
  typ: 'dpop+jwt',
  alg: 'ES256',
  jwk: { kty: 'EC', x: 'l8tFrhx-34tV3hRICRDY9zCkDlpBhF42UQUfWVAWBFs', y: '9VE4jf_Ok_o64zbTTlcuNJajHmt6v9TDVrU0CdvGRDA', crv: 'P-256' },
};
const rfcProof = [
  Buffer.from(JSON.stringify(rfcProofHeader)).toString('base64url'),
  'eyJqdGkiOiItQndDM0VTYzZhY2MybFRjIiwiaHRtIjoiUE9TVCIsImh0dSI6Imh0dHBzOi8vc2VydmVyLmV4YW1wbGUuY29tL3Rva2VuIiwiaWF0IjoxNTYyMjYyNjE2fQ',
  '2-GxA6T8lP4vfrg8v-FdWP0A0zdrj8igiMLvqRMUvwnQg4PtFLbdLXiOSsX0x7NVY-FNyJK70nfbV37xRZT3Lg',
].join('.');

/** RFC 7638 section 3.1's example RSA key and its thumbprint. */
const rfc7638Key: JWK = {
  kty: 'RSA',
  n: '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw',
  e: 'AQAB',
  alg: 'RS256',
  kid: '2011-04-29',
};

describe('DPoP: sender-constrained tokens (RFC 9449)', () => {
  let t: TestApp;
  let machine: TestClient;
  before(async () => {
    t = await startTestApp({ listen: true });
    machine = await registerClient(t.app, ['read:policies']);
  });
  after(async () => t?.close());

  const policiesUrl = () => `${t.config.publicUrl}/v1/policies`;
  const tokenUrl = () => `${t.config.publicUrl}/v1/oauth/token`;

  /** A client_credentials token bound to `key`, from the token endpoint with a proof made by hand. */
  async function boundToken(app: FastifyInstance, key: ProofKey, htu = tokenUrl(), owner = machine): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      headers: { dpop: await proof(key, { htm: 'POST', htu }) },
      payload: { grant_type: 'client_credentials', client_id: owner.clientId, client_secret: owner.clientSecret },
    });
    expect(response.statusCode, response.body).to.equal(200);
    return (response.json() as { access_token: string }).access_token;
  }

  const getPolicies = (app: FastifyInstance, headers: Record<string, string>) => app.inject({ method: 'GET', url: '/v1/policies', headers });

  function expectDPoPChallenge(response: Awaited<ReturnType<typeof getPolicies>>, error: string): void {
    expect(wwwAuthenticate(response)).to.match(new RegExp(`^DPoP error="${error}", error_description="[^"]+", algs="ES256 [A-Za-z0-9 ]+"$`));
  }

  describe('proof keys', () => {
    it('checks ES256, Ed25519 and RSA keys up to 4096 bits with a small exponent on the event loop, dearer keys in the pool', async () => {
      const jwkOf = (key: KeyObject) => key.export({ format: 'jwk' }) as JWK;
      const onEventLoop = async (alg: string, key: KeyObject) => (await importProofKey(jwkOf(key), alg)).verifyOnEventLoop;
      const [p256, p384, p521, ed25519, ed448] = [
        generateKeyPairSync('ec', { namedCurve: 'P-256' }),
        generateKeyPairSync('ec', { namedCurve: 'P-384' }),
        generateKeyPairSync('ec', { namedCurve: 'P-521' }),
        generateKeyPairSync('ed25519'),
        generateKeyPairSync('ed448'),
      ].map((pair) => pair.publicKey) as [KeyObject, KeyObject, KeyObject, KeyObject, KeyObject];
      expect(await onEventLoop('ES256', p256)).to.equal(true);
      expect(await onEventLoop('ES384', p384)).to.equal(false); // about 0.5 ms a check
      expect(await onEventLoop('ES512', p521)).to.equal(false);
      expect(await onEventLoop('EdDSA', ed25519)).to.equal(true);
      expect(await onEventLoop('EdDSA', ed448)).to.equal(false);
      const rsa = (publicExponent: number) => generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent }).publicKey;
      expect(await onEventLoop('RS256', rsa(65537))).to.equal(true);
      expect(await onEventLoop('PS256', rsa(2 ** 31 - 1))).to.equal(false); // a big exponent: a dear check
    });
  });

  describe("the RFC's examples", () => {
    it("computes RFC 7638 section 3.1's thumbprint of its example RSA key", async () => {
      expect((await importProofKey(rfc7638Key, 'RS256')).jkt).to.equal('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
    });

    it("accepts RFC 9449 section 4.1's example proof at its iat, with section 6.1's jkt, and refuses it the second time", async () => {
      const target = { header: rfcProof, method: 'POST', htu: 'https://server.example.com/token', now: new Date(1562262616 * 1000) };
      expect(await t.app.dpopProofs.verify(target)).to.deep.equal({ jkt: '0ZcOCORZNYy-DWpqq30jZyJGHTN0d2HglBV3uiguA4I' });
      const again = await t.app.dpopProofs.verify(target).then(
        () => 'accepted',
        (error: unknown) => (error instanceof DPoPProofRejected ? error.message : String(error)),
      );
      expect(again).to.equal('the DPoP proof was used before (its jti)');
    });

    it('refuses the example proof an hour after its iat, and for another URL (section 4.3)', async () => {
      const verify = (htu: string, seconds: number) =>
        t.app.dpopProofs.verify({ header: rfcProof, method: 'POST', htu, now: new Date(seconds * 1000) }).then(
          () => 'accepted',
          (error: unknown) => (error as Error).message,
        );
      expect(await verify('https://server.example.com/token', 1562262616 + 3600)).to.match(/older than 300 s/);
      expect(await verify('https://server.example.com/other', 1562262616)).to.match(/htu claim/);
    });
  });

  it('publishes dpop_signing_alg_values_supported in the RFC 8414 metadata', async () => {
    const metadata = (await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json() as Record<string, unknown>;
    expect(metadata.dpop_signing_alg_values_supported).to.include.members(['ES256', 'RS256', 'PS256', 'EdDSA']);
    expect(metadata.dpop_signing_alg_values_supported).not.to.include.members(['HS256', 'none']);
  });

  describe('with openid-client (a client no one here wrote)', () => {
    async function discover(clientId: string, auth: client.ClientAuth): Promise<client.Configuration> {
      return client.discovery(new URL(t.config.publicUrl), clientId, undefined, auth, { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });
    }

    it('gets a DPoP-bound token by client_credentials and calls a /v1 route with it', async () => {
      const config = await discover(machine.clientId, client.ClientSecretPost(machine.clientSecret));
      const keyPair = await client.randomDPoPKeyPair('ES256');
      const DPoP = client.getDPoPHandle(config, keyPair);
      const tokens = await client.clientCredentialsGrant(config, { scope: 'read:policies' }, { DPoP });
      expect(tokens.token_type).to.equal('dpop');
      const jkt = await calculateJwkThumbprint(await exportJWK(keyPair.publicKey), 'sha256');
      expect(decodeJwt(tokens.access_token).cnf).to.deep.equal({ jkt });
      const response = await client.fetchProtectedResource(config, tokens.access_token, new URL(policiesUrl()), 'GET', undefined, undefined, { DPoP });
      expect(response.status, await response.clone().text()).to.equal(200);
      // The same token without its proof, as a Bearer token: refused (section 7.2).
      const asBearer = await getPolicies(t.app, { authorization: `Bearer ${tokens.access_token}` });
      expectProblem(asBearer, 401, 'invalid_token');
      expectDPoPChallenge(asBearer, 'invalid_token');
    });

    it("binds a public client's access and refresh tokens by authorization_code, and refreshes only with the same key", async () => {
      const publicClient: CodeClient = await registerCodeClient(t.app, { public: true, redirectUris: ['http://127.0.0.1/callback'] });
      const user = await createTestUser(t.app);
      const agent = new PageAgent(t.app);
      await signIn(agent, user);
      const { verifier, challenge } = pkcePair();
      const redirectUri = 'http://127.0.0.1:5555/callback';
      const params = { response_type: 'code', client_id: publicClient.clientId, redirect_uri: redirectUri, scope: 'read:policies', state: 'st' };
      const code = await authorizationCode(agent, { ...params, code_challenge: challenge, code_challenge_method: 'S256' });
      const config = await discover(publicClient.clientId, client.None());
      const keyPair = await client.randomDPoPKeyPair('ES256');
      const DPoP = client.getDPoPHandle(config, keyPair);
      const callback = new URL(`${redirectUri}?${new URLSearchParams({ code, state: 'st', iss: t.config.publicUrl }).toString()}`);
      const tokens = await client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: 'st' }, undefined, { DPoP });
      expect(tokens.token_type).to.equal('dpop');
      const resource = await client.fetchProtectedResource(config, tokens.access_token, new URL(policiesUrl()), 'GET', undefined, undefined, { DPoP });
      expect(resource.status).to.equal(200);

      const refresh = (refreshToken: string, options?: client.DPoPOptions) =>
        client.refreshTokenGrant(config, refreshToken, undefined, options).then(
          (answer) => answer,
          (error: unknown) => (error as { error?: string }).error ?? String(error),
        );
      const otherKey = client.getDPoPHandle(config, await client.randomDPoPKeyPair('ES256'));
      expect(await refresh(tokens.refresh_token!)).to.equal('invalid_grant');
      expect(await refresh(tokens.refresh_token!, { DPoP: otherKey })).to.equal('invalid_grant');
      const refreshed = await refresh(tokens.refresh_token!, { DPoP });
      if (typeof refreshed === 'string') expect.fail(`refresh with the bound key failed: ${refreshed}`);
      expect(refreshed.token_type).to.equal('dpop');
      expect(decodeJwt(refreshed.access_token).cnf).to.deep.equal(decodeJwt(tokens.access_token).cnf);
    });
  });

  describe('a protected route refuses a bound token', () => {
    let key: ProofKey;
    let token: string;
    before(async () => {
      key = await proofKey();
      token = await boundToken(t.app, key);
    });

    const call = async (dpop: string | undefined, scheme = 'DPoP') =>
      getPolicies(t.app, { authorization: `${scheme} ${token}`, ...(dpop === undefined ? {} : { dpop }) });

    async function expectRefused(dpop: string | undefined, reason: RegExp): Promise<void> {
      const response = await call(dpop);
      const problem = expectProblem(response, 401, 'invalid_dpop_proof');
      expect(problem.detail).to.match(reason);
      expectDPoPChallenge(response, 'invalid_dpop_proof');
    }

    it('accepts it with a proof of its key for this request', async () => {
      const response = await call(await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token }));
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('without a DPoP header', async () => expectRefused(undefined, /header is missing/));

    it('with a proof for another method (htm)', async () => expectRefused(await proof(key, { htm: 'POST', htu: policiesUrl(), accessToken: token }), /htm/));

    it('with a proof for another URL (htu), another path or another origin', async () => {
      await expectRefused(await proof(key, { htm: 'GET', htu: `${t.config.publicUrl}/v1/principals`, accessToken: token }), /htu/);
      await expectRefused(await proof(key, { htm: 'GET', htu: 'https://elsewhere.example/v1/policies', accessToken: token }), /htu/);
    });

    it('accepts an htu with a query or a fragment, which section 4.3 ignores', async () => {
      const response = await call(await proof(key, { htm: 'GET', htu: `${policiesUrl()}?limit=5#x`, accessToken: token }));
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('with a stale iat, or one too far in the future', async () => {
      const now = Math.floor(Date.now() / 1000);
      await expectRefused(await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token, iat: now - 301 }), /older than 300 s/);
      await expectRefused(await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token, iat: now + 120 }), /future/);
    });

    it('without ath, or with the ath of another token', async () => {
      await expectRefused(await proof(key, { htm: 'GET', htu: policiesUrl() }), /ath/);
      await expectRefused(await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: `${token}x` }), /ath/);
    });

    it('with a proof signed by another key than the one the token is bound to', async () => {
      const other = await proofKey();
      await expectRefused(await proof(other, { htm: 'GET', htu: policiesUrl(), accessToken: token }), /another key/);
    });

    it("with a jwk header that is not the signer's", async () => {
      const other = await proofKey();
      await expectRefused(await proof(other, { htm: 'GET', htu: policiesUrl(), accessToken: token, jwk: key.jwk }), /signature/);
    });

    it('with a private key in the jwk header', async () => {
      const { privateKey } = await generateKeyPair('ES256', { extractable: true });
      const privateJwk = await exportJWK(privateKey);
      await expectRefused(await proof({ privateKey, jwk: privateJwk, alg: 'ES256' }, { htm: 'GET', htu: policiesUrl(), accessToken: token }), /public key/);
    });

    it('with a symmetric algorithm (HS256 and an oct key)', async () => {
      const secret = new TextEncoder().encode('a shared secret that is long enough for HS256');
      const forged = await new SignJWT({ htm: 'GET', htu: policiesUrl(), ath: createHash('sha256').update(token).digest('base64url') })
        .setProtectedHeader({ typ: 'dpop+jwt', alg: 'HS256', jwk: { kty: 'oct', k: Buffer.from(secret).toString('base64url') } as JWK })
        .setJti(randomUUID())
        .setIssuedAt()
        .sign(secret);
      await expectRefused(forged, /alg must be one of/);
    });

    it('with typ other than dpop+jwt, or two DPoP headers', async () => {
      const wrongTyp = await new SignJWT({ htm: 'GET', htu: policiesUrl(), ath: createHash('sha256').update(token).digest('base64url') })
        .setProtectedHeader({ typ: 'JWT', alg: key.alg, jwk: key.jwk })
        .setJti(randomUUID())
        .setIssuedAt()
        .sign(key.privateKey);
      await expectRefused(wrongTyp, /typ/);
      const good = await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token });
      const twice = await t.app.inject({ method: 'GET', url: '/v1/policies', headers: { authorization: `DPoP ${token}`, dpop: [good, good] } });
      expectProblem(twice, 401, 'invalid_dpop_proof');
    });

    it('sent as Bearer, even with a valid proof', async () => {
      const response = await call(await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token }), 'Bearer');
      expectProblem(response, 401, 'invalid_token');
      expectDPoPChallenge(response, 'invalid_token');
    });

    it('refuses a token that is not bound under the DPoP scheme', async () => {
      const plain = await t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        payload: { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.clientSecret },
      });
      const bearerToken = (plain.json() as { access_token: string; token_type: string }).access_token;
      expect((plain.json() as { token_type: string }).token_type).to.equal('Bearer');
      const response = await getPolicies(t.app, {
        authorization: `DPoP ${bearerToken}`,
        dpop: await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: bearerToken }),
      });
      expectProblem(response, 401, 'invalid_token');
    });
  });

  it('introspects a bound token as token_type DPoP with its cnf.jkt (section 6.2)', async () => {
    const key = await proofKey();
    const token = await boundToken(t.app, key);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/oauth/introspect',
      payload: { token, client_id: machine.clientId, client_secret: machine.clientSecret },
    });
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json()).to.include({ active: true, token_type: 'DPoP' });
    expect((response.json() as { cnf: unknown }).cnf).to.deep.equal({ jkt: await calculateJwkThumbprint(key.jwk, 'sha256') });
  });

  describe('the token endpoint', () => {
    const tokenRequest = (dpop: string | string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { dpop },
        payload: { grant_type: 'client_credentials', client_id: machine.clientId, client_secret: machine.clientSecret },
      });

    it('answers invalid_dpop_proof for a proof of another URL, method or a replayed one, and issues nothing', async () => {
      const key = await proofKey();
      expectOAuthError(await tokenRequest(await proof(key, { htm: 'POST', htu: policiesUrl() })), 400, 'invalid_dpop_proof');
      expectOAuthError(await tokenRequest(await proof(key, { htm: 'GET', htu: tokenUrl() })), 400, 'invalid_dpop_proof');
      const once = await proof(key, { htm: 'POST', htu: tokenUrl() });
      expect((await tokenRequest(once)).statusCode).to.equal(200);
      expectOAuthError(await tokenRequest(once), 400, 'invalid_dpop_proof');
    });

    it('answers invalid_dpop_proof for a proof whose jti or htu holds a NUL or a lone surrogate, sent at once, and remembers no jti of them', async () => {
      const key = await proofKey();
      const jkt = await calculateJwkThumbprint(key.jwk, 'sha256');
      const hostile = await Promise.all([
        proof(key, { htm: 'POST', htu: tokenUrl(), jti: 'a\u0000b' }),
        proof(key, { htm: 'POST', htu: tokenUrl(), jti: '\ud800' }),
        proof(key, { htm: 'POST', htu: tokenUrl(), jti: '\udbff' }),
        // The URL parser drops a trailing NUL: this one named the token endpoint.
        proof(key, { htm: 'POST', htu: `${tokenUrl()}\u0000` }),
      ]);
      for (const answer of await Promise.all(hostile.map(tokenRequest))) {
        const body = expectOAuthError(answer, 400, 'invalid_dpop_proof');
        expect(body.error_description).to.match(/holds text that is not well-formed \(a lone surrogate or NUL\) at \/claims\/(jti|htu)/);
      }
      expect(await t.app.db('dpop_proof_jtis').where({ jkt }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    });

    it('answers invalid_dpop_proof for a proof whose header holds a NUL or a lone surrogate, each time it is sent, and remembers no jti of it', async () => {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = pair.publicKey.export({ format: 'jwk' });
      const now = Math.floor(Date.now() / 1000);
      const hostile = ['a\u0000b', '\ud800', '\udbff'].map((kid) =>
        handMadeProof(
          { typ: 'dpop+jwt', alg: 'ES256', jwk, kid },
          { htm: 'POST', htu: tokenUrl(), iat: now, jti: randomUUID() },
          pair.privateKey,
          'sha256',
          'ieee-p1363',
        ),
      );
      // Each sent twice at once: a header that fails is decoded and refused again, never kept (proof-keys.ts).
      for (const answer of await Promise.all([...hostile, ...hostile].map(tokenRequest))) {
        const body = expectOAuthError(answer, 400, 'invalid_dpop_proof');
        expect(body.error_description).to.match(/holds text that is not well-formed \(a lone surrogate or NUL\) at \/header\/kid/);
      }
      const jkt = await calculateJwkThumbprint(jwk as JWK, 'sha256');
      expect(await t.app.db('dpop_proof_jtis').where({ jkt }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    });

    it("remembers a jti once, and its commit's relaxed durability (replay-store.ts) does not leak into the connection's later statements", async () => {
      const side = knex({ client: 'pg', connection: t.config.databaseUrl, pool: { min: 1, max: 1 } });
      try {
        await side.raw('SET synchronous_commit = on'); // the session's own setting (the test databases default to off)
        const store = new ProofJtiStore(side);
        const expiresAt = new Date(Date.now() + 60_000);
        const [remembered] = await Promise.all([
          store.remember('jkt-commit', 'jti-1', expiresAt, new Date()),
          store.remember('jkt-commit', 'jti-1', expiresAt, new Date()),
        ]);
        expect(remembered).to.equal(true);
        expect(await store.remember('jkt-commit', 'jti-1', expiresAt, new Date()), 'the same jti again').to.equal(false);
        const { rows } = await side.raw<{ rows: Array<{ synchronous_commit: string }> }>('SHOW synchronous_commit');
        expect(rows[0]?.synchronous_commit).to.equal('on');
      } finally {
        await side.destroy();
      }
    });

    it('refuses such a proof at a protected route with 401 invalid_dpop_proof and its challenge', async () => {
      const key = await proofKey();
      const token = await boundToken(t.app, key);
      const response = await getPolicies(t.app, {
        authorization: `DPoP ${token}`,
        dpop: await proof(key, { htm: 'GET', htu: policiesUrl(), accessToken: token, jti: '\u0000' }),
      });
      expectProblem(response, 401, 'invalid_dpop_proof');
      expectDPoPChallenge(response, 'invalid_dpop_proof');
    });

    it('refuses a proof with a crit header, a key its alg does not name (curve, type, RSA under 2048 bits or with a huge exponent), or an exp past or nbf ahead', async () => {
      const now = Math.floor(Date.now() / 1000);
      const claims = (extra: Record<string, unknown> = {}) => ({ htm: 'POST', htu: tokenUrl(), iat: now, jti: randomUUID(), ...extra });
      const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const p384 = generateKeyPairSync('ec', { namedCurve: 'P-384' });
      const rsa1024 = generateKeyPairSync('rsa', { modulusLength: 1024 });
      const rsa2048 = generateKeyPairSync('rsa', { modulusLength: 2048 });
      // A public exponent of 2^65 + 1, past the 8 bytes a client's key may have (core rsaKeyLimits); node:crypto generates at most 32 bits.
      const rsaBigExponent = {
        privateKey: createPrivateKey(
          execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-pkeyopt', `rsa_keygen_pubexp:${2n ** 65n + 1n}`], {
            stdio: ['ignore', 'pipe', 'ignore'],
          }),
        ),
      };
      const rsaBigExponentPublic = createPublicKey(rsaBigExponent.privateKey);
      const header = (alg: string, key: KeyObject, extra: Record<string, unknown> = {}) => ({
        typ: 'dpop+jwt',
        alg,
        jwk: key.export({ format: 'jwk' }),
        ...extra,
      });
      const sound = handMadeProof(header('ES256', p256.publicKey), claims(), p256.privateKey, 'sha256', 'ieee-p1363');
      expect((await tokenRequest(sound)).statusCode, 'the same proof, made the same way, without the fault').to.equal(200);
      const soundRsa = handMadeProof(header('RS256', rsa2048.publicKey), claims(), rsa2048.privateKey, 'sha256');
      expect((await tokenRequest(soundRsa)).statusCode, 'an RSA proof made the same way, without the fault').to.equal(200);
      const refused = {
        crit: handMadeProof(header('ES256', p256.publicKey, { crit: ['exp'], exp: now + 60 }), claims(), p256.privateKey, 'sha256', 'ieee-p1363'),
        curve: handMadeProof(header('ES256', p384.publicKey), claims(), p384.privateKey, 'sha256', 'ieee-p1363'),
        type: handMadeProof(header('RS256', p256.publicKey), claims(), p256.privateKey, 'sha256', 'ieee-p1363'),
        short: handMadeProof(header('RS256', rsa1024.publicKey), claims(), rsa1024.privateKey, 'sha256'),
        // A key that verifies: only its exponent is refused.
        exponent: handMadeProof(header('RS256', rsaBigExponentPublic), claims(), rsaBigExponent.privateKey, 'sha256'),
        exp: handMadeProof(header('ES256', p256.publicKey), claims({ exp: now - 1 }), p256.privateKey, 'sha256', 'ieee-p1363'),
        nbf: handMadeProof(header('ES256', p256.publicKey), claims({ nbf: now + 120 }), p256.privateKey, 'sha256', 'ieee-p1363'),
        signature: `${sound.slice(0, sound.lastIndexOf('.'))}.${handMadeProof(header('ES256', p256.publicKey), claims(), p256.privateKey, 'sha256', 'ieee-p1363').split('.')[2]}`,
      };
      for (const [fault, dpop] of Object.entries(refused)) {
        const body = expectOAuthError(await tokenRequest(dpop), 400, 'invalid_dpop_proof');
        expect(body.error_description, fault).to.match(/^The DPoP proof was rejected: /);
      }
    });

    it("accepts proofs signed with RS256, PS256, EdDSA, ES384 and ES512 keys, and refuses each with another proof's signature", async () => {
      // ES384 and ES512 are checked in libuv's pool, the others on the event loop (proof-keys.ts verifyOnEventLoop): both ways hold.
      for (const alg of ['RS256', 'PS256', 'EdDSA', 'ES384', 'ES512']) {
        const key = await proofKey(alg);
        const [sound, other] = await Promise.all([proof(key, { htm: 'POST', htu: tokenUrl() }), proof(key, { htm: 'POST', htu: tokenUrl() })]);
        const forged = `${sound.slice(0, sound.lastIndexOf('.'))}${other.slice(other.lastIndexOf('.'))}`;
        const body = expectOAuthError(await tokenRequest(forged), 400, 'invalid_dpop_proof');
        expect(body.error_description, alg).to.match(/signature does not verify/);
        const response = await tokenRequest(sound);
        expect(response.statusCode, `${alg}: ${response.body}`).to.equal(200);
        expect((response.json() as { token_type: string }).token_type).to.equal('DPoP');
        // Its header is known now (proof-keys.ts keeps what a header gave): the signature is still checked.
        expect(expectOAuthError(await tokenRequest(forged), 400, 'invalid_dpop_proof').error_description, `${alg}, known header`).to.match(
          /signature does not verify/,
        );
      }
    });
  });

  describe('two replicas on one database', () => {
    let first: TestApp;
    let second: TestApp;
    before(async () => {
      first = await startTestApp();
      second = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
      expect(second.config.publicUrl).to.equal(first.config.publicUrl);
    });
    after(async () => {
      await second?.close();
      await first?.close();
    });

    it('issue one token for the same proof sent to both token endpoints in parallel, and record one auth.token_issued', async () => {
      const owner = await registerClient(first.app, ['read:policies']);
      const shared = await proof(await proofKey(), { htm: 'POST', htu: `${first.config.publicUrl}/v1/oauth/token` });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) =>
          (n % 2 ? first.app : second.app).inject({
            method: 'POST',
            url: '/v1/oauth/token',
            headers: { dpop: shared },
            payload: { grant_type: 'client_credentials', client_id: owner.clientId, client_secret: owner.clientSecret },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).to.deep.equal([200, 400, 400, 400, 400, 400, 400, 400]);
      for (const refused of answers.filter((answer) => answer.statusCode === 400)) expectOAuthError(refused, 400, 'invalid_dpop_proof');
      await Promise.all([first.app.auditLog.idle(), second.app.auditLog.idle()]);
      const issued = await first.app.db('audit_events').where({ type: 'auth.token_issued', actor_client_id: owner.clientId }).count({ n: '*' });
      expect(issued).to.deep.equal([{ n: 1 }]);
    });

    it('let exactly one of the same proof sent to both in parallel through', async () => {
      const owner = await registerClient(first.app, ['read:policies']);
      const key = await proofKey();
      const token = await boundToken(first.app, key, `${first.config.publicUrl}/v1/oauth/token`, owner);
      const shared = await proof(key, { htm: 'GET', htu: `${first.config.publicUrl}/v1/policies`, accessToken: token });
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, n) => getPolicies(n % 2 ? first.app : second.app, { authorization: `DPoP ${token}`, dpop: shared })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).to.deep.equal([200, 401, 401, 401, 401, 401, 401, 401]);
      for (const refused of answers.filter((answer) => answer.statusCode === 401)) expect(refused.json()).to.include({ code: 'invalid_dpop_proof' });
    });
  });
});
