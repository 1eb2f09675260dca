import { expect } from 'chai';
import { matchesRegisteredRedirectUri } from '../../core/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { registerCodeClient, type CodeClient } from './support/clients.js';
import { authorizePath, createTestUser, decide, PageAgent, pkcePair, redirectParams, signIn } from './support/user-agent.js';

describe('redirect URI matching', () => {
  describe('exact comparison, loopback ports aside (RFC 6749 section 3.1.2.3, RFC 8252 section 7.3)', () => {
    const registered = ['https://app.example.com/callback', 'http://127.0.0.1/callback', 'http://[::1]/callback'];
    const accepted = [
      'https://app.example.com/callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1:49152/callback',
      'http://127.0.0.1:1/callback',
      'http://127.0.0.1:65535/callback',
      'http://[::1]/callback',
      'http://[::1]:8123/callback',
    ];
    const refused = [
      'https://app.example.com/callback/x',
      'https://app.example.com/Callback',
      'HTTPS://app.example.com/callback',
      'https://APP.example.com/callback',
      'https://app.example.com/callback?x=1',
      'https://app.example.com/callback#x',
      'https://app.example.com:443/callback',
      'https://app.example.com/callback/',
      'https://app.example.com/%63allback',
      'https://app.example.com:8443/callback',
      'http://127.0.0.1:8080/callback/x',
      'http://127.0.0.1:8080/Callback',
      'http://127.0.0.1:8080/callback?x=1',
      'http://127.0.0.1:8080/callback#frag',
      'http://127.0.0.2:8080/callback',
      'http://127.0.0.1.evil.example:8080/callback',
      'http://127.0.0.1:8080@evil.example/callback',
      'https://127.0.0.1:8080/callback',
      'HTTP://127.0.0.1:8080/callback',
      'http://localhost:8080/callback',
      'http://127.0.0.1:0/callback',
      'http://127.0.0.1:65536/callback',
      'http://127.0.0.1:/callback',
      'http://[::1]:8080/callback/x',
      'http://[::2]:8080/callback',
      'http://[0:0:0:0:0:0:0:1]:8080/callback',
    ];
    for (const uri of accepted) it(`accepts ${uri}`, () => expect(matchesRegisteredRedirectUri(registered, uri)).to.equal(true));
    for (const uri of refused) it(`refuses ${uri}`, () => expect(matchesRegisteredRedirectUri(registered, uri)).to.equal(false));

    it('gives no port freedom to a registered loopback URI with a different path', () => {
      expect(matchesRegisteredRedirectUri(['http://127.0.0.1/other'], 'http://127.0.0.1:5000/callback')).to.equal(false);
    });

    it('gives no port freedom to a non-loopback http URI', () => {
      expect(matchesRegisteredRedirectUri(['http://app.example.com/callback'], 'http://app.example.com:8080/callback')).to.equal(false);
    });
  });

  describe('at the authorization endpoint, with the CLI client acctl-cli', () => {
    let t: TestApp;
    let agent: PageAgent;
    before(async () => {
      t = await startTestApp();
      agent = new PageAgent(t.app);
      await signIn(agent, await createTestUser(t.app));
    });
    after(async () => t.close());

    const cliRequest = (redirectUri: string): Record<string, string> => ({
      response_type: 'code',
      client_id: 'acctl-cli',
      redirect_uri: redirectUri,
      state: 's',
      code_challenge: pkcePair().challenge,
      code_challenge_method: 'S256',
    });

    it('accepts the loopback redirect URI on an ephemeral port and redirects there with the code', async () => {
      const response = await decide(agent, cliRequest('http://127.0.0.1:54321/callback'), 'approve');
      expect(response.statusCode).to.equal(303);
      expect(response.headers.location!.startsWith('http://127.0.0.1:54321/callback?code=')).to.equal(true);
    });

    for (const variant of [
      'http://127.0.0.1:54321/callback/x',
      'http://127.0.0.1:54321/CALLBACK',
      'http://127.0.0.1:54321/callback?x=1',
      'http://127.0.0.2:54321/callback',
      'https://127.0.0.1:54321/callback',
      'http://localhost:54321/callback',
    ]) {
      it(`shows ${variant} on a page instead of redirecting`, async () => {
        const response = await agent.get(authorizePath(cliRequest(variant)));
        expect(response.statusCode).to.equal(400);
        expect(response.headers.location).to.equal(undefined);
      });
    }

    it('refuses a registered non-loopback redirect URI with another port', async () => {
      const client: CodeClient = await registerCodeClient(t.app, { redirectUris: ['https://app.example.com/callback'] });
      const response = await agent.get(
        authorizePath({ response_type: 'code', client_id: client.clientId, redirect_uri: 'https://app.example.com:8443/callback' }),
      );
      expect(response.statusCode).to.equal(400);
    });

    it('redirects errors of a loopback request to the port it named', async () => {
      const params = redirectParams(await agent.get(authorizePath({ ...cliRequest('http://127.0.0.1:40000/callback'), response_type: 'token' })));
      expect(params.get('error')).to.equal('unsupported_response_type');
    });
  });
});
