import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { runCli } from '../cli/run-cli.js';
import { accessToken, registerClient, startTestApp, type TestApp, type TestClient } from '../helpers/app.js';
import { bearer, forgeAccessToken } from '../helpers/credentials.js';
import { samplePolicy } from '../policies/fixtures.js';

/**
 * Agents are principals (issue #36, docs/oauth.md "Agents"): a client registered with
 * `acctl server client create --agent` gets client_credentials tokens whose subject is the agent
 * principal, so decisions and delegation chains see a principal of kind agent, and the agent's
 * state governs the tokens as a user's does.
 */
describe('OAuth: clients that act as agent principals', () => {
  let t: TestApp;
  let admin: string;
  let agentId: string;
  let userId: string;

  const createPrincipal = async (kind: string, name: string): Promise<string> => {
    const response = await t.app.inject({ method: 'POST', url: '/v1/principals', headers: bearer(admin), payload: { kind, name } });
    expect(response.statusCode, response.body).to.equal(201);
    return response.json().id;
  };

  const createClient = (name: string, agent: string) =>
    runCli(['server', 'client', 'create', '--name', name, '--scope', 'evaluate:decisions', '--agent', agent, '--json'], {
      env: { DATABASE_URL: t.config.databaseUrl },
    });

  const tokenRequest = (client: TestClient) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/oauth/token',
      payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret },
    });

  const setStatus = async (id: string, status: 'active' | 'disabled') => {
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/v1/principals/${id}`,
      headers: { ...bearer(admin), 'content-type': 'application/merge-patch+json' },
      payload: JSON.stringify({ status }),
    });
    expect(response.statusCode, response.body).to.equal(200);
  };

  /** The agent's client, registered through the CLI as an administrator would. */
  let agentClient: TestClient;

  before(async () => {
    t = await startTestApp();
    admin = await accessToken(t.app, await registerClient(t.app, ['admin:all']));
    agentId = await createPrincipal('agent', 'support-bot');
    userId = await createPrincipal('user', 'alice');
    const created = await createClient('support-bot-client', 'support-bot');
    expect(created.exitCode, created.stderr).to.equal(0);
    const output = created.json<{ client_id: string; client_secret: string; agent_principal_id: string | null }>();
    expect(output.agent_principal_id).to.equal(agentId);
    agentClient = { clientId: output.client_id, clientSecret: output.client_secret };
  });
  after(async () => t.close());

  it('registers with --agent by name or id, refuses a user, an unknown name, a client without client_credentials or with owners, and lists the binding', async () => {
    const [byId, user, unknown, noGrant, withOwner] = await Promise.all([
      createClient('by-id', agentId),
      createClient('as-alice', 'alice'),
      createClient('as-nobody', 'nobody'),
      runCli(
        ['server', 'client', 'create', '--name', 'web-agent', '--public', '--redirect-uri', 'https://app.example.com/cb', '--agent', 'support-bot', '--json'],
        {
          env: { DATABASE_URL: t.config.databaseUrl },
        },
      ),
      runCli(['server', 'client', 'create', '--name', 'owned-agent', '--owner', 'payments', '--agent', 'support-bot', '--json'], {
        env: { DATABASE_URL: t.config.databaseUrl },
      }),
    ]);
    expect(byId.exitCode, byId.stderr).to.equal(0);
    expect(byId.json().agent_principal_id).to.equal(agentId);
    expect(user.exitCode, user.stdout).to.equal(2);
    expect(user.stdout + user.stderr).to.include(`Principal ${userId} is a user, not an agent`);
    expect(unknown.exitCode, unknown.stdout).to.equal(2);
    expect(unknown.stdout + unknown.stderr).to.match(/No agent principal has the id or name \W+nobody\W/);
    expect(noGrant.exitCode, noGrant.stdout).to.equal(2);
    expect(noGrant.stdout + noGrant.stderr).to.include('An agent binding needs the client_credentials grant type');
    // Its API tokens belong to the agent: an owner binding would not follow them.
    expect(withOwner.exitCode, withOwner.stdout).to.equal(2);
    expect(withOwner.stdout + withOwner.stderr).to.include('cannot be bound to policy owners');

    const listed = await runCli(['server', 'client', 'list', '--json'], { env: { DATABASE_URL: t.config.databaseUrl } });
    expect(listed.exitCode, listed.stderr).to.equal(0);
    const clients = listed.json<{ clients: Array<{ name: string; agent_principal_id: string | null }> }>().clients;
    expect(clients.filter((client) => client.agent_principal_id === agentId).map((client) => client.name)).to.have.members(['support-bot-client', 'by-id']);
    expect(clients.map((client) => client.name)).to.not.include.members(['as-alice', 'as-nobody', 'web-agent', 'owned-agent']);
  });

  it("issues client_credentials tokens whose sub is the agent principal and whose client_id stays the client's", async () => {
    const claims = decodeJwt(await accessToken(t.app, agentClient));
    expect(claims.sub).to.equal(agentId);
    expect(claims.client_id).to.equal(agentClient.clientId);
  });

  it("lets a delegated token's act.sub, taken from the agent client's token, be seen as an AGENT actor", async () => {
    const policy = samplePolicy({
      name: 'agents-act-for-people',
      rules: [
        {
          effect: 'allow',
          principals: { type: 'USER' },
          resources: { type: 'ticket', identifiers: ['*'] },
          actions: ['read'],
          conditions: [{ type: 'attribute', operator: 'contains', value: { attribute: 'context.delegation.actor_types', to: 'AGENT' } }],
        },
      ],
    });
    const created = await t.app.inject({ method: 'POST', url: '/v1/policies', headers: bearer(admin), payload: policy });
    expect(created.statusCode, created.body).to.equal(201);
    const plainClient = await registerClient(t.app, ['evaluate:decisions']);
    const actorOf = async (client: TestClient) => {
      const claims = decodeJwt(await accessToken(t.app, client));
      return { sub: claims.sub!, client_id: client.clientId };
    };
    // As the token exchange signs it: sub alice, act the actor token's sub and client_id.
    const evaluate = async (act: { sub: string; client_id: string }) => {
      const token = await forgeAccessToken(t.app, { claims: { sub: userId, client_id: act.client_id, scope: 'evaluate:decisions', act } });
      const response = await t.app.inject({
        method: 'POST',
        url: '/v1/decisions/evaluate',
        headers: bearer(token),
        payload: { principal: { id: userId, type: 'USER' }, resource: { type: 'ticket', identifier: 't-1' }, action: 'read' },
      });
      expect(response.statusCode, response.body).to.equal(200);
      return response.json().decision as string;
    };
    const [viaAgent, viaPlainClient] = await Promise.all([evaluate(await actorOf(agentClient)), evaluate(await actorOf(plainClient))]);
    expect(viaAgent).to.equal('allow');
    // A client that is no principal is not an agent: the allow does not apply.
    expect(viaPlainClient).to.equal('deny');
  });

  it('cuts the tokens when the agent is disabled, even those issued while the disable ran, refuses new ones, and never revives them', async () => {
    const disabler = await createPrincipal('agent', 'short-lived-bot');
    const created = await createClient('short-lived-client', 'short-lived-bot');
    expect(created.exitCode, created.stderr).to.equal(0);
    const client = { clientId: created.json<{ client_id: string }>().client_id, clientSecret: created.json<{ client_secret: string }>().client_secret };
    const earlier = await accessToken(t.app, client);
    const whoAmI = (token: string) => t.app.inject({ method: 'GET', url: '/v1/auth/tokens', headers: bearer(token) });
    expect((await whoAmI(earlier)).statusCode).to.equal(200);

    const [racing] = await Promise.all([Promise.all(Array.from({ length: 12 }, () => tokenRequest(client))), setStatus(disabler, 'disabled')]);
    // Each request either got a token (read the agent active before the disable committed) or was refused.
    for (const response of racing) {
      if (response.statusCode === 200) continue;
      expect(response.statusCode, response.body).to.equal(400);
      expect(response.json().error).to.equal('unauthorized_client');
    }
    const issued = racing.filter((response) => response.statusCode === 200).map((response) => response.json().access_token as string);
    const uses = await Promise.all([earlier, ...issued].map(whoAmI));
    expect(uses.map((response) => response.statusCode)).to.deep.equal(Array(uses.length).fill(401));

    const later = await tokenRequest(client);
    expect(later.statusCode, later.body).to.equal(400);
    expect(later.json().error).to.equal('unauthorized_client');

    await setStatus(disabler, 'active');
    const revived = await Promise.all([earlier, ...issued].map(whoAmI));
    expect(revived.map((response) => response.statusCode)).to.deep.equal(Array(revived.length).fill(401));
    const fresh = await tokenRequest(client);
    expect(fresh.statusCode, fresh.body).to.equal(200);
  });
});
