import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { systemContext } from '../../../server/src/admin/index.js';
import { grantDelegation } from '../../../server/src/domains/oauth/delegation-grants.js';
import { registerClient, type TestClient } from '../../helpers/app.js';
import { clientFields, registerCodeClient, type CodeClient } from './clients.js';
import { expectTokens, postToken } from './tokens.js';
import { authorizationCode, createTestUser, PageAgent, signIn, type TestUser } from './user-agent.js';

export const exchangeGrant = 'urn:ietf:params:oauth:grant-type:token-exchange';
export const accessTokenType = 'urn:ietf:params:oauth:token-type:access_token';

/** What an agent needs to act for the user: its client, its own token, and (unless told) the user's grant. */
export interface TestAgent {
  client: TestClient;
  token: string;
  grant: Awaited<ReturnType<typeof grantDelegation>> | undefined;
}

export interface AgentOptions {
  scopes?: string[];
  grantScopes?: string[];
  granted?: boolean;
  expiresAt?: Date;
  /** The agent principal the client acts as (its client_credentials tokens carry it as `sub`). */
  agentPrincipalId?: string;
}

/**
 * RFC 8693 token exchange between real parts: a user signed in on the pages, an application of the
 * authorization-code flow that gets the user's own token, and agents (confidential clients allowed
 * token exchange) the user has granted. Shared by the token-exchange tests and the tests of what a
 * delegated token leaves behind (the audit chain).
 */
export class DelegationSetup {
  private constructor(
    readonly app: FastifyInstance,
    readonly codeClient: CodeClient,
    readonly user: TestUser,
    readonly userAgent: PageAgent,
  ) {}

  /** `admin`: the user may grant write scopes (user-consent-scopes.ts), which an agent then holds for them. */
  static async start(app: FastifyInstance, options: { scopes?: string[]; admin?: boolean } = {}): Promise<DelegationSetup> {
    const codeClient = await registerCodeClient(app, { scopes: options.scopes ?? ['read:policies', 'write:policies', 'read:principals'] });
    const user = await createTestUser(app, { admin: options.admin ?? false });
    const userAgent = new PageAgent(app);
    await signIn(userAgent, user);
    return new DelegationSetup(app, codeClient, user, userAgent);
  }

  /** The user's own access token, from the authorization-code flow. */
  async userToken(scope = 'read:policies write:policies read:principals'): Promise<string> {
    const { codeClient } = this;
    const code = await authorizationCode(this.userAgent, {
      response_type: 'code',
      client_id: codeClient.clientId,
      redirect_uri: codeClient.redirectUri,
      scope,
    });
    return expectTokens(
      await postToken(this.app, { grant_type: 'authorization_code', code, redirect_uri: codeClient.redirectUri, ...clientFields(codeClient) }),
    ).access_token;
  }

  async agent(options: AgentOptions = {}): Promise<TestAgent> {
    const client = await registerClient(this.app, options.scopes ?? ['read:policies', 'read:principals'], {
      grantTypes: ['client_credentials', exchangeGrant],
      ...(options.agentPrincipalId ? { agentPrincipalId: options.agentPrincipalId } : {}),
    });
    const token = await clientToken(this.app, client);
    const grant =
      options.granted === false
        ? undefined
        : await grantDelegation(this.app, systemContext('system:test'), {
            principalId: this.user.id,
            agentClientId: client.clientId,
            scopes: options.grantScopes ?? ['read:policies', 'read:principals'],
            expiresAt: options.expiresAt ?? new Date(Date.now() + 86_400_000),
          });
    return { client, token, grant };
  }

  /** A token the agent holds for the user: the user's token exchanged with the agent's own. */
  async delegatedToken(agent: TestAgent, scope?: string): Promise<string> {
    return expectTokens(await exchangeToken(this.app, agent.client, await this.userToken(scope), agent.token)).access_token;
  }
}

/** The client's own token (client_credentials). */
export async function clientToken(app: FastifyInstance, client: TestClient): Promise<string> {
  const response = await postToken(app, { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret });
  return expectTokens(response).access_token;
}

/** The body of a token exchange by `client`, both tokens access tokens. */
export function exchangeFields(client: TestClient, subjectToken: string, actorToken: string): Record<string, string> {
  return {
    grant_type: exchangeGrant,
    client_id: client.clientId,
    client_secret: client.clientSecret,
    subject_token: subjectToken,
    subject_token_type: accessTokenType,
    actor_token: actorToken,
    actor_token_type: accessTokenType,
  };
}

/** POST /oauth/token with exchangeFields; `extra` adds or overrides fields. */
export function exchangeToken(
  app: FastifyInstance,
  client: TestClient,
  subjectToken: string,
  actorToken: string,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return postToken(app, { ...exchangeFields(client, subjectToken, actorToken), ...extra });
}
