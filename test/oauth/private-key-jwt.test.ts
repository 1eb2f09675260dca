import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { writeFile, mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, UnsecuredJWT, type CryptoKey, type JWK } from 'jose';
import * as client from 'openid-client';
import { checkClientRegistration, type ClientJwks } from '../../core/src/index.js';
import { registerClient, rotateClientSecret, systemContext } from '../../server/src/admin/index.js';
import { ClientKeys, ClientKeysUnavailable, jwksUriFetching } from '../../server/src/domains/oauth/client-keys.js';
import type { OAuthClientRow } from '../../server/src/domains/oauth/clients-repo.js';
import { runCli } from '../cli/run-cli.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

const assertionType = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

interface KeyPair {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  kid: string;
  alg: string;
}

async function keyPair(alg: 'RS256' | 'ES256' | 'PS256' | 'EdDSA'): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  return { privateKey, publicKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' }, kid, alg };
}

/** A JWK Set served by a real HTTP server on the loopback interface; its keys can be swapped. */
async function jwksServer(): Promise<{ url: string; serve(jwks: unknown): void; fetches: () => number; close(): Promise<void> }> {
  let body = '{"keys":[]}';
  let fetches = 0;
  const server = http.createServer((_request, response) => {
    fetches++;
    response.writeHead(200, { 'content-type': 'application/jwk-set+json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`,
    serve: (jwks) => (body = JSON.stringify(jwks)),
    fetches: () => fetches,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('private_key_jwt client authentication (RFC 7523)', () => {
  let first: TestApp;
  let second: TestApp;

  before(async () => {
    // Loopback jwks_uri over http: the documented development switches the webhook tests use.
    const config = { webhooksAllowHttp: true, webhooksAllowPrivateNetworks: true };
    first = await startTestApp({ listen: true, config });
    second = await startTestApp({
      databaseUrl: first.config.databaseUrl,
      config: { ...config, keyEncryptionKey: first.config.keyEncryptionKey, publicUrl: first.config.publicUrl },
    });
  });
  after(async () => {
    await second?.close();
    await first?.close();
  });

  async function keyClient(app: TestApp, keys: { jwks?: ClientJwks; jwksUri?: string }): Promise<string> {
    const context = systemContext('system:test');
    const { client: registered, secret } = await registerClient(app.app, context, {
      name: `pkjwt-${randomUUID().slice(0, 8)}`,
      clientType: 'confidential',
      grantTypes: ['client_credentials'],
      redirectUris: [],
      scopes: ['read:policies'],
      createdBy: context.actor.subject,
      ...keys,
    });
    expect(secret, 'a private_key_jwt client gets no secret').to.equal(null);
    return registered.client_id;
  }

  const assertion = (key: KeyPair, clientId: string, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ jti: randomUUID(), ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, ...header })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience((claims.aud as string | undefined) ?? first.config.publicUrl)
      .setIssuedAt(now)
      .setExpirationTime((claims.exp as number | undefined) ?? now + 60)
      .sign(key.privateKey);
  };

  const tokenRequest = (app: TestApp, payload: Record<string, string>) =>
    app.app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { grant_type: 'client_credentials', ...payload } });
  const withAssertion = (app: TestApp, jwt: string) => tokenRequest(app, { client_assertion_type: assertionType, client_assertion: jwt });

  async function expectInvalidClient(response: Awaited<ReturnType<typeof withAssertion>>, description?: RegExp): Promise<void> {
    expect(response.statusCode, response.body).to.equal(401);
    expect(response.json().error).to.equal('invalid_client');
    if (description) expect(response.json().error_description).to.match(description);
  }

  const discover = (clientId: string, auth: client.ClientAuth) =>
    client.discovery(new URL(first.config.publicUrl), clientId, undefined, auth, { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });

  it('publishes private_key_jwt and its asymmetric algorithms in the RFC 8414 metadata', async () => {
    const metadata = (await first.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' })).json() as Record<string, string[]>;
    expect(metadata.token_endpoint_auth_methods_supported).to.include('private_key_jwt');
    expect(metadata.token_endpoint_auth_signing_alg_values_supported).to.have.members(['RS256', 'PS256', 'ES256', 'EdDSA']);
    expect(metadata.introspection_endpoint_auth_methods_supported).to.include('private_key_jwt');
  });

  it("gets a token with openid-client's PrivateKeyJwt and a registered JWK Set", async () => {
    const key = await keyPair('RS256');
    const clientId = await keyClient(first, { jwks: { keys: [key.publicJwk as ClientJwks['keys'][number]] } });
    const config = await discover(clientId, client.PrivateKeyJwt({ key: key.privateKey, kid: key.kid }));
    const tokens = await client.clientCredentialsGrant(config, { scope: 'read:policies' });
    expect(tokens.token_type.toLowerCase()).to.equal('bearer');
    expect(tokens.access_token).to.be.a('string');
  });

  it('fetches the keys from a jwks_uri once, and keeps them', async () => {
    const jwks = await jwksServer();
    try {
      const key = await keyPair('ES256');
      jwks.serve({ keys: [key.publicJwk] });
      const clientId = await keyClient(first, { jwksUri: jwks.url });
      const config = await discover(clientId, client.PrivateKeyJwt({ key: key.privateKey, kid: key.kid }));
      expect((await client.clientCredentialsGrant(config, { scope: 'read:policies' })).access_token).to.be.a('string');
      expect((await client.clientCredentialsGrant(config, { scope: 'read:policies' })).access_token).to.be.a('string');
      expect(jwks.fetches(), 'the second from the cache').to.equal(1);
    } finally {
      await jwks.close();
    }
  });

  it('fetches a jwks_uri again for an unknown kid at most once a minute, and after its TTL', async () => {
    const jwks = await jwksServer();
    try {
      const [old, rotated] = [await keyPair('ES256'), await keyPair('EdDSA')];
      jwks.serve({ keys: [old.publicJwk] });
      const keys = new ClientKeys({ allowHttp: true, allowPrivateNetworks: true });
      const row = { client_id: 'c', jwks: null, jwks_uri: jwks.url } as unknown as OAuthClientRow;
      const at = (seconds: number) => new Date(Date.UTC(2026, 11, 2) + seconds * 1000);
      const kids = async (seconds: number, refresh: boolean) => (await keys.of(row, at(seconds), refresh))!.keys.map((k) => k.kid);
      expect(await kids(0, false)).to.deep.equal([old.kid]);
      // The client rotates: the new kid is served, unknown to the server's copy.
      jwks.serve({ keys: [old.publicJwk, rotated.publicJwk] });
      // Concurrent assertions with unknown kids within the interval: no fetch at all.
      expect(await Promise.all([kids(30, true), kids(30, true), kids(59, true)])).to.deep.equal([[old.kid], [old.kid], [old.kid]]);
      expect(keys.canRefresh(row, at(59))).to.equal(false);
      expect(jwks.fetches()).to.equal(1);
      // Past the interval: concurrent refreshes share one fetch, which finds the new kid.
      expect(await Promise.all([kids(61, true), kids(61, true)])).to.deep.equal([
        [old.kid, rotated.kid],
        [old.kid, rotated.kid],
      ]);
      expect(jwks.fetches()).to.equal(2);
      // Without an unknown kid, only the TTL (300 s) brings a fetch.
      await kids(300, false);
      expect(jwks.fetches()).to.equal(2);
      await kids(61 + jwksUriFetching.ttlSeconds, false);
      expect(jwks.fetches()).to.equal(3);
    } finally {
      await jwks.close();
    }
  });

  it('answers a failed jwks_uri fetch again for a minute instead of asking a broken host on every assertion', async () => {
    const jwks = await jwksServer();
    try {
      const key = await keyPair('ES256');
      jwks.serve('no JWK Set');
      const keys = new ClientKeys({ allowHttp: true, allowPrivateNetworks: true });
      const row = { client_id: 'c', jwks: null, jwks_uri: jwks.url } as unknown as OAuthClientRow;
      const at = (seconds: number) => new Date(Date.UTC(2026, 11, 2) + seconds * 1000);
      const outcome = (seconds: number) =>
        keys.of(row, at(seconds), true).then(
          (found) => found!.keys.map((k) => k.kid),
          (error: unknown) => (error instanceof ClientKeysUnavailable ? 'unavailable' : error),
        );
      // Parallel assertions share the failed fetch, and later ones within the minute get its answer.
      expect(await Promise.all([outcome(0), outcome(0), outcome(0)])).to.deep.equal(['unavailable', 'unavailable', 'unavailable']);
      jwks.serve({ keys: [key.publicJwk] });
      expect(await Promise.all([outcome(30), outcome(59)])).to.deep.equal(['unavailable', 'unavailable']);
      expect(jwks.fetches()).to.equal(1);
      // Past the interval the host is asked again, and its keys are kept.
      expect(await outcome(61)).to.deep.equal([key.kid]);
      expect(await outcome(62)).to.deep.equal([key.kid]);
      expect(jwks.fetches()).to.equal(2);
    } finally {
      await jwks.close();
    }
  });

  it('accepts a replayed assertion exactly once when it is sent to two replicas at once', async () => {
    const key = await keyPair('ES256');
    const clientId = await keyClient(first, { jwks: { keys: [key.publicJwk as ClientJwks['keys'][number]] } });
    const jwt = await assertion(key, clientId);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => withAssertion(n % 2 ? first : second, jwt)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status === 200),
      statuses.join(','),
    ).to.have.length(1);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) await expectInvalidClient(answer, /used before/);
  });

  describe('refuses, as invalid_client', () => {
    let key: KeyPair;
    let clientId: string;
    before(async () => {
      key = await keyPair('RS256');
      clientId = await keyClient(first, { jwks: { keys: [key.publicJwk as ClientJwks['keys'][number]] } });
    });

    it('an assertion for another audience, or for several', async () => {
      await expectInvalidClient(await withAssertion(first, await assertion(key, clientId, { aud: 'https://other.example.com' })), /aud/);
      const several = new SignJWT({ jti: randomUUID(), aud: [first.config.publicUrl, 'https://other.example.com'] })
        .setProtectedHeader({ alg: key.alg, kid: key.kid })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setExpirationTime('1m');
      await expectInvalidClient(await withAssertion(first, await several.sign(key.privateKey)), /aud/);
    });

    it('the token endpoint URL as audience is accepted (RFC 7523 section 3)', async () => {
      const response = await withAssertion(first, await assertion(key, clientId, { aud: `${first.config.publicUrl}/v1/oauth/token` }));
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('an expired assertion', async () => {
      const past = Math.floor(Date.now() / 1000) - 3600;
      await expectInvalidClient(await withAssertion(first, await assertion(key, clientId, { exp: past })), /expired/);
    });

    it('a long-lived assertion', async () => {
      const later = Math.floor(Date.now() / 1000) + 3600;
      await expectInvalidClient(await withAssertion(first, await assertion(key, clientId, { exp: later })), /lives longer than 300 s/);
    });

    it('HS256 signed with the public key as the secret', async () => {
      const publicPem = await exportSPKI(key.publicKey);
      const jwt = await new SignJWT({ jti: randomUUID() })
        .setProtectedHeader({ alg: 'HS256', kid: key.kid })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(first.config.publicUrl)
        .setExpirationTime('1m')
        .sign(new TextEncoder().encode(publicPem));
      await expectInvalidClient(await withAssertion(first, jwt), /algorithm not allowed/);
    });

    it('an unsigned assertion (alg none)', async () => {
      const jwt = new UnsecuredJWT({ jti: randomUUID() })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(first.config.publicUrl)
        .setExpirationTime('1m')
        .encode();
      await expectInvalidClient(await withAssertion(first, jwt));
    });

    it('an assertion naming a kid the client does not have', async () => {
      await expectInvalidClient(await withAssertion(first, await assertion(key, clientId, {}, { kid: 'not-registered' })), /names no key/);
    });

    it('an assertion signed by another key with the same kid', async () => {
      const stranger = { ...(await keyPair('RS256')), kid: key.kid };
      await expectInvalidClient(await withAssertion(first, await assertion(stranger, clientId)), /signature/);
    });

    it('a secret for a private_key_jwt client, and an assertion for a client with a secret', async () => {
      await expectInvalidClient(await tokenRequest(first, { client_id: clientId, client_secret: 'acctl_cs_guess' }));
      const context = systemContext('system:test');
      const rotation = await rotateClientSecret(first.app, context, clientId);
      expect(rotation).to.deep.equal({ rotated: false, reason: 'private_key_jwt_client' });
      const { client: secretClient } = await registerClient(first.app, context, {
        name: 'secret-client',
        clientType: 'confidential',
        grantTypes: ['client_credentials'],
        redirectUris: [],
        scopes: ['read:policies'],
        createdBy: context.actor.subject,
      });
      await expectInvalidClient(await withAssertion(first, await assertion(key, secretClient.client_id)), /no registered keys/);
    });

    it('an assertion together with HTTP Basic is invalid_request', async () => {
      const response = await first.app.inject({
        method: 'POST',
        url: '/v1/oauth/token',
        headers: { authorization: `Basic ${Buffer.from(`${clientId}:x`).toString('base64')}` },
        payload: { grant_type: 'client_credentials', client_assertion_type: assertionType, client_assertion: await assertion(key, clientId) },
      });
      expect(response.statusCode).to.equal(400);
      expect(response.json().error).to.equal('invalid_request');
    });
  });

  it('counts bad assertions in the client-authentication throttle, as wrong secrets', async () => {
    const key = await keyPair('ES256');
    const clientId = await keyClient(first, { jwks: { keys: [key.publicJwk as ClientJwks['keys'][number]] } });
    const stranger = { ...(await keyPair('ES256')), kid: key.kid };
    const bad = await Promise.all(Array.from({ length: 10 }, async () => withAssertion(first, await assertion(stranger, clientId))));
    expect(bad.map((answer) => answer.statusCode)).to.deep.equal(Array(10).fill(401));
    const good = await withAssertion(second, await assertion(key, clientId));
    expect(good.statusCode, good.body).to.equal(429);
  });

  describe('the keys a client registers or serves', () => {
    it('registers with `acctl server client create --jwks FILE`, refuses a private key there, and the client gets a token', async () => {
      const key = await keyPair('PS256');
      const folder = await mkdtemp(join(tmpdir(), 'pkjwt-'));
      const [publicFile, privateFile] = [join(folder, 'public.json'), join(folder, 'private.json')];
      await writeFile(publicFile, JSON.stringify({ keys: [key.publicJwk] }));
      await writeFile(privateFile, JSON.stringify({ keys: [await exportJWK(key.privateKey)] }));
      const create = (name: string, file: string) =>
        runCli(['server', 'client', 'create', '--name', name, '--scope', 'read:policies', '--jwks', file, '--json'], {
          env: { DATABASE_URL: first.config.databaseUrl },
        });
      const [created, refused] = await Promise.all([create('cli-pkjwt', publicFile), create('cli-leaky', privateFile)]);
      expect(created.exitCode, created.stderr).to.equal(0);
      const output = JSON.parse(created.stdout) as { client_id: string; client_secret: string | null };
      expect(output.client_secret).to.equal(null);
      expect(refused.exitCode, refused.stdout).to.equal(2);
      expect(refused.stdout + refused.stderr).to.include('private or symmetric key material');
      const response = await withAssertion(first, await assertion(key, output.client_id));
      expect(response.statusCode, response.body).to.equal(200);
    });

    it('refuses a JWK Set holding a private key at registration', async () => {
      const key = await keyPair('ES256');
      const privateJwk = await exportJWK(key.privateKey);
      const checked = checkClientRegistration(
        { name: 'leaky', public: false, grantTypes: [], redirectUris: [], scopes: [], jwks: { keys: [privateJwk] } },
        { allowInsecure: false },
      );
      expect(checked.ok).to.equal(false);
      if (!checked.ok) expect(checked.problems.join('; ')).to.match(/private or symmetric key material \(d\)/);
    });

    it('refuses a jwks_uri that serves a private key', async () => {
      const jwks = await jwksServer();
      try {
        const key = await keyPair('ES256');
        jwks.serve({ keys: [{ ...(await exportJWK(key.privateKey)), kid: key.kid }] });
        const clientId = await keyClient(first, { jwksUri: jwks.url });
        await expectInvalidClient(await withAssertion(first, await assertion(key, clientId)), /private or symmetric key material/);
      } finally {
        await jwks.close();
      }
    });

    it('refuses at registration keys no assertion could be verified with: RSA under 2048 bits, coordinates of the wrong size, a curve that does not sign', async () => {
      const small = await exportJWK(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey);
      const ec = (await keyPair('ES256')).publicJwk;
      const unusable: Array<[JWK, RegExp]> = [
        [{ ...small, kid: 'small' }, /RSA modulus \(n\) that is not 2048 to 8192 bits/],
        [{ ...ec, x: '!!!' }, /x and y that are not 32 bytes of base64url/],
        [{ ...ec, y: ec.x!.slice(0, 20) }, /x and y that are not 32 bytes/],
        [{ kty: 'OKP', crv: 'X25519', x: ec.x! }, /crv "X25519"; use Ed25519 or Ed448/],
        [{ ...ec, crv: 'P-384' }, /crv "P-384"; use P-256/],
      ];
      for (const [jwk, problem] of unusable) {
        const checked = checkClientRegistration(
          { name: 'weak', public: false, grantTypes: [], redirectUris: [], scopes: [], jwks: { keys: [jwk as ClientJwks['keys'][number]] } },
          { allowInsecure: false },
        );
        expect(checked.ok, JSON.stringify(jwk)).to.equal(false);
        if (!checked.ok) expect(checked.problems.join('; ')).to.match(problem);
      }
    });

    it('answers invalid_client, never a 500, when a jwks_uri serves an RSA key under 2048 bits or a key holds a point off its curve', async () => {
      const jwks = await jwksServer();
      try {
        const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
        jwks.serve({ keys: [{ ...(await exportJWK(publicKey)), kid: 'weak' }] });
        const fetched = await keyClient(first, { jwksUri: jwks.url });
        // Signed by node:crypto: jose refuses to sign with a key this small.
        const now = Math.floor(Date.now() / 1000);
        const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
        const input = `${part({ alg: 'RS256', kid: 'weak' })}.${part({ iss: fetched, sub: fetched, aud: first.config.publicUrl, exp: now + 60, jti: randomUUID() })}`;
        const weakAssertion = `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`;
        await expectInvalidClient(await withAssertion(first, weakAssertion), /RSA modulus/);
      } finally {
        await jwks.close();
      }
      // Registered before the rule (admin writes what it is given): the right sizes, but not a point of P-256.
      const key = await keyPair('ES256');
      const offCurve = await keyClient(first, { jwks: { keys: [{ ...key.publicJwk, y: key.publicJwk.x } as ClientJwks['keys'][number]] } });
      await expectInvalidClient(await withAssertion(first, await assertion(key, offCurve)), /cannot be used to verify a signature/);
    });

    it('refuses an assertion whose jti, sub or kid holds a NUL or a lone surrogate with invalid_client, and spends no jti', async () => {
      const key = await keyPair('ES256');
      const clientId = await keyClient(first, { jwks: { keys: [key.publicJwk as ClientJwks['keys'][number]] } });
      const hostile = [
        await assertion(key, clientId, { jti: 'a\u0000b' }),
        await assertion(key, clientId, { jti: '\ud800' }),
        await assertion(key, clientId, {}, { kid: 'x\udc00' }),
        await new SignJWT({ jti: randomUUID() })
          .setProtectedHeader({ alg: key.alg, kid: key.kid })
          .setIssuer(clientId)
          .setSubject(`${clientId}\u0000`)
          .setAudience(first.config.publicUrl)
          .setExpirationTime('1m')
          .sign(key.privateKey),
      ];
      const answers = await Promise.all(hostile.map((jwt, n) => withAssertion(n % 2 ? second : first, jwt)));
      for (const answer of answers)
        await expectInvalidClient(answer, /holds text that is not well-formed \(a lone surrogate or NUL\) at \/(claims\/(jti|sub)|header\/kid)/);
      expect(await first.app.db('oauth_client_assertions').where({ client_id: clientId }).count({ n: '*' })).to.deep.equal([{ n: 0 }]);
    });

    it('does not fetch a jwks_uri on a private address unless the server allows private networks', async () => {
      const jwks = await jwksServer();
      const strict = await startTestApp({ config: { webhooksAllowHttp: true, webhooksAllowPrivateNetworks: false } });
      try {
        const key = await keyPair('ES256');
        jwks.serve({ keys: [key.publicJwk] });
        const clientId = await keyClient(strict, { jwksUri: jwks.url });
        const jwt = await assertion(key, clientId, { aud: strict.config.publicUrl });
        await expectInvalidClient(await withAssertion(strict, jwt), /127\.0\.0\.1, a loopback/);
        expect(jwks.fetches()).to.equal(0);
      } finally {
        await strict.close();
        await jwks.close();
      }
    });
  });
});
