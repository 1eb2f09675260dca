import { expect } from 'chai';
import type { JWTPayload } from 'jose';
import { clockSkewSeconds } from '../../server/src/domains/oauth/lifetimes.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { basicAuthorization, bearer, forgeAccessToken } from '../helpers/credentials.js';
import { expectProblem } from '../helpers/responses.js';

/**
 * Issue #19, finding 9: a token signed with the server's real key, with `exp` ten years ahead or
 * `iat` 30 days in the future, was accepted. The server issues access tokens of one configured
 * lifetime, so any other lifetime is a token it did not issue as such (a leaked signing key, a
 * bug): refused at the resource server (bearer verification) and inactive at introspection.
 */
describe('Security: access tokens whose lifetime claims the server never issues are refused', () => {
  /** A lifetime other than the default 3600 s, so the test shows the configured one is used. */
  const lifetime = 900;
  let t: TestApp;
  let resourceServer: TestClient;
  let reader: TestClient;

  before(async () => {
    t = await startTestApp({ config: { accessTokenTtlSeconds: lifetime } });
    resourceServer = await registerClient(t.app, ['read:policies']);
    reader = await registerClient(t.app, ['read:policies']);
  });
  after(() => t.close());

  const now = (): number => Math.floor(Date.now() / 1000);
  /** A token signed with the service's real signing key, for the real client `reader`, with these claims changed. */
  const signed = (claims: JWTPayload) =>
    forgeAccessToken(t.app, { claims: { sub: reader.clientId, client_id: reader.clientId, scope: 'read:policies', ...claims } });
  const useAtResourceServer = (token: string) => t.app.inject({ method: 'GET', url: '/v1/policies', headers: bearer(token) });
  const introspect = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/introspect',
      headers: basicAuthorization(resourceServer.clientId, resourceServer.clientSecret),
      payload: { token },
    });

  async function expectRefusedEverywhere(token: string): Promise<void> {
    const used = await useAtResourceServer(token);
    expectProblem(used, 401, 'invalid_token');
    const described = await introspect(token);
    expect(described.statusCode, described.body).to.equal(200);
    expect(described.json()).to.deep.equal({ active: false });
  }

  async function expectAcceptedEverywhere(token: string): Promise<void> {
    const used = await useAtResourceServer(token);
    expect(used.statusCode, used.body).to.equal(200);
    const described = await introspect(token);
    expect(described.json()).to.include({ active: true });
  }

  it('accepts, as the control, a real token and a signed token of exactly the configured lifetime', async () => {
    await expectAcceptedEverywhere(await accessToken(t.app, reader));
    await expectAcceptedEverywhere(await signed({ iat: now(), exp: now() + lifetime }));
  });

  it('refuses a signed token whose exp is ten years ahead', async () => {
    await expectRefusedEverywhere(await signed({ iat: now(), exp: now() + 10 * 365 * 24 * 3600 }));
  });

  it('refuses a signed token whose exp - iat is the default 3600 s when the configured lifetime is shorter', async () => {
    await expectRefusedEverywhere(await signed({ iat: now(), exp: now() + 3600 }));
  });

  it('refuses exp - iat one second past the lifetime plus the allowed clock skew, and accepts it at that bound', async () => {
    const iat = now() - 5;
    await expectRefusedEverywhere(await signed({ iat, exp: iat + lifetime + clockSkewSeconds + 1 }));
    await expectAcceptedEverywhere(await signed({ iat, exp: iat + lifetime + clockSkewSeconds }));
  });

  it('refuses a signed token whose iat is 30 days in the future', async () => {
    const iat = now() + 30 * 24 * 3600;
    await expectRefusedEverywhere(await signed({ iat, exp: iat + lifetime }));
  });

  it("refuses an iat beyond the clock skew in the future, and accepts one within it (replicas' clocks differ a little)", async () => {
    await expectRefusedEverywhere(await signed({ iat: now() + clockSkewSeconds + 5, exp: now() + clockSkewSeconds + 5 + lifetime }));
    await expectAcceptedEverywhere(await signed({ iat: now() + 5, exp: now() + 5 + lifetime }));
  });

  it('refuses a signed token without iat', async () => {
    await expectRefusedEverywhere(await signed({ iat: undefined, exp: now() + lifetime }));
  });

  it('refuses a signed token whose exp is not after its iat (both within the skew, not expired)', async () => {
    await expectRefusedEverywhere(await signed({ iat: now() + 30, exp: now() + 20 }));
  });

  it('refuses a token signed by the same key whose typ header says it is not an access token, or that has none (#34, 11)', async () => {
    const typed = (typ: string | undefined) =>
      forgeAccessToken(t.app, {
        header: { typ },
        claims: { sub: reader.clientId, client_id: reader.clientId, scope: 'read:policies', iat: now(), exp: now() + lifetime },
      });
    for (const typ of ['refresh+jwt', 'at+jwt', 'id+jwt', 'JOSE', 'JWT ', undefined]) await expectRefusedEverywhere(await typed(typ));
    // RFC 7515 section 4.1.9: the media type is compared without case, `application/` may be written.
    for (const typ of ['JWT', 'jwt', 'application/jwt']) await expectAcceptedEverywhere(await typed(typ));
  });

  it('refuses them alike when many are presented at once (no cache lets one through)', async () => {
    const tokens = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signed({ iat: now() + (i % 2 === 0 ? 30 * 24 * 3600 : 0), exp: now() + 10 * 365 * 24 * 3600 })),
    );
    const answers = await Promise.all([...tokens, ...tokens].map(useAtResourceServer));
    expect(answers.map((answer) => answer.statusCode)).to.deep.equal(answers.map(() => 401));
  });
});
