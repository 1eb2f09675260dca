import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import * as client from 'openid-client';
import { allScopes } from '../../core/src/index.js';
import { registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';

const apiB = 'https://api-b.example/rpc';

/**
 * RFC 9728: the API's protected resource metadata, and the WWW-Authenticate challenge of every 401
 * that leads to it, as a client that starts from nothing but the API's URL finds them: oauth4webapi
 * (openid-client's protocol layer, which has the RFC 9728 discovery functions) and openid-client.
 */
describe('RFC 9728 protected resource metadata', () => {
  let t: TestApp;
  let machine: TestClient;
  const insecure = { [oauth.allowInsecureRequests]: true };
  before(async () => {
    t = await startTestApp({ listen: true, config: { resources: [apiB] } });
    machine = await registerClient(t.app, ['read:policies']);
  });
  after(async () => t.close());

  /** openid-client configured from the RFC 8414 metadata, over real HTTP on loopback. */
  const discover = () =>
    client.discovery(new URL(t.config.publicUrl), machine.clientId, machine.clientSecret, undefined, {
      algorithm: 'oauth2',
      execute: [client.allowInsecureRequests],
    });

  it("serves the API's metadata where RFC 9728 section 3.1 puts it for the public URL, and it passes section 3.3's check", async () => {
    const resource = new URL(t.config.publicUrl);
    const response = await oauth.resourceDiscoveryRequest(resource, insecure);
    expect(response.url).to.equal(`${t.config.publicUrl}/.well-known/oauth-protected-resource`);
    const metadata = await oauth.processResourceDiscoveryResponse(resource, response);
    expectSchema('protected-resource-metadata', metadata);
    expect(metadata).to.deep.include({
      resource: t.config.publicUrl,
      authorization_servers: [t.config.publicUrl],
      bearer_methods_supported: ['header'],
      resource_name: 'acctl API',
    });
    expect(metadata.scopes_supported).to.deep.equal([...allScopes]);
  });

  it('leads from the metadata to the authorization server, whose RFC 8414 metadata lists the API among its protected_resources', async () => {
    const resource = new URL(t.config.publicUrl);
    const metadata = await oauth.processResourceDiscoveryResponse(resource, await oauth.resourceDiscoveryRequest(resource, insecure));
    const issuer = new URL(metadata.authorization_servers![0]!);
    const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }));
    expectSchema('authorization-server-metadata', as);
    expect(as.protected_resources).to.deep.equal([t.config.publicUrl, apiB]);
  });

  it('names the metadata in the challenge of every 401, sent at once: no token, a malformed one, one for another API', async () => {
    const config = await discover();
    const { access_token: forB } = await client.clientCredentialsGrant(config, { resource: apiB });
    const metadataUrl = `${t.config.publicUrl}/.well-known/oauth-protected-resource`;
    const challengeOf = (token: string, url: string, method: string) =>
      client.fetchProtectedResource(config, token, new URL(url), method).then(
        (response) => expect.fail(`expected a challenge, got ${response.status}`),
        (error: unknown) => {
          expect(error).to.be.instanceOf(client.WWWAuthenticateChallengeError);
          return (error as client.WWWAuthenticateChallengeError).cause;
        },
      );
    const [none, ...refused] = await Promise.all([
      fetch(`${t.baseUrl}/policies`),
      challengeOf('not a token', `${t.baseUrl}/policies`, 'GET'),
      challengeOf('eyJhbGciOiJSUzI1NiJ9.e30.c2ln', `${t.baseUrl}/principals`, 'GET'),
      challengeOf(forB, `${t.baseUrl}/audit/events`, 'GET'),
      challengeOf(forB, `${t.config.publicUrl}/access/v1/evaluation`, 'POST'),
    ]);
    expect(none.status).to.equal(401);
    expect(none.headers.get('www-authenticate')).to.equal(`Bearer realm="acctl", resource_metadata="${metadataUrl}"`);
    for (const challenges of refused) {
      expect(challenges).to.have.length(1);
      expect(challenges[0]!.scheme).to.equal('bearer');
      expect(challenges[0]!.parameters).to.include({ error: 'invalid_token', resource_metadata: metadataUrl });
    }
  });

  it("is what openid-client's challenge error carries, and following it finds this API", async () => {
    const config = await discover();
    const { access_token: forB } = await client.clientCredentialsGrant(config, { resource: apiB });
    let challenge: unknown;
    await client.fetchProtectedResource(config, forB, new URL(`${t.baseUrl}/policies`), 'GET').catch((error: unknown) => (challenge = error));
    expect(challenge).to.be.instanceOf(client.WWWAuthenticateChallengeError);
    const metadataUrl = (challenge as client.WWWAuthenticateChallengeError).cause[0]!.parameters.resource_metadata!;
    const metadata = (await (await fetch(metadataUrl)).json()) as { resource: string };
    expect(metadata.resource).to.equal(t.config.publicUrl);
    // With a token asked for this API, the same request succeeds.
    const { access_token: forUs } = await client.clientCredentialsGrant(config, { resource: metadata.resource });
    const ok = await client.fetchProtectedResource(config, forUs, new URL(`${t.baseUrl}/policies`), 'GET');
    expect(ok.status).to.equal(200);
  });
});
