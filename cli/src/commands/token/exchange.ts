import { Flags } from '@oclif/core';
import type { OAuthTokenResponse } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { credentialEnvNames } from '../../credentials/env.js';
import { UsageError } from '../../../../kit/src/index.js';
import { readSecret, secretFileFlag } from '../../flags/secret-file.js';

/** Where the tokens come from when no file names them, as ACCTL_TOKEN gives the other commands theirs. */
const exchangeTokenEnvNames = { subject: 'ACCTL_SUBJECT_TOKEN', actor: 'ACCTL_ACTOR_TOKEN' } as const;

/** The token endpoint's bounds (schemas/oauth-token-request.json): subject_token and actor_token, client_secret. */
const maxTokenLength = 8192;
const maxClientSecretLength = 512;

export default class TokenExchangeCommand extends ApiCommand {
  static override summary = "Exchange a user's access token for one an agent uses on their behalf (RFC 8693 delegation)";
  static override description = [
    'The agent client (--client-id with --client-secret-file, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET) presents the user\'s access token (the subject) and its own (the actor) and gets a token for the user with itself as `act`, holding at most the scopes both tokens and the user\'s delegation grant share (docs/oauth.md, "Token exchange").',
    `Tokens are read from files or stdin (-, at most one input), else from ${exchangeTokenEnvNames.subject} and ${exchangeTokenEnvNames.actor}: never from flags, which ps and shell history show.`,
    "Prints only the new access token, for scripts; --json prints the whole token response (access_token, issued_token_type, token_type, expires_in, scope). A refusal exits 7 when a token, the client or the grant is refused (invalid_grant, invalid_client, unauthorized_client) and 2 when what was asked is (invalid_scope, invalid_target), with the server's description.",
  ].join('\n');
  static override examples = [
    'acctl auth token | <%= config.bin %> <%= command.id %> --subject-token-file - --actor-token-file agent.jwt',
    'ACCTL_SUBJECT_TOKEN=... ACCTL_ACTOR_TOKEN=... <%= config.bin %> <%= command.id %> --scope read:policies --json',
  ];
  static override flags = {
    'subject-token-file': secretFileFlag(`The user's access token, from a file or stdin (default: ${exchangeTokenEnvNames.subject}).`),
    'actor-token-file': secretFileFlag(`The agent's own access token, issued to the client, from a file or stdin (default: ${exchangeTokenEnvNames.actor}).`),
    scope: Flags.string({ summary: 'Scopes to ask for, space-separated (default: every scope both tokens and the grant hold).', helpValue: 'SCOPES' }),
    resource: Flags.string({ summary: "RFC 8707: the API the token is for; this server's own (its public URL) is the one accepted.", helpValue: 'URI' }),
    'client-id': Flags.string({
      summary: `The agent client to authenticate as (default: ${credentialEnvNames.clientId}).`,
      helpValue: 'ID',
      dependsOn: ['client-secret-file'],
    }),
    'client-secret-file': secretFileFlag(`The client's secret, from a file or stdin (default: ${credentialEnvNames.clientSecret}).`, {
      dependsOn: ['client-id'],
    }),
  };

  public async run(): Promise<OAuthTokenResponse> {
    const { flags } = await this.parse(TokenExchangeCommand);
    const files = [flags['subject-token-file'], flags['actor-token-file'], flags['client-secret-file']];
    if (files.filter((file) => file === '-').length > 1) throw new UsageError('Only one input can be read from stdin (-): give the others as files');
    // One after another: at most one of them reads stdin, and a terminal asks for one at a time.
    const subjectToken = await readSecret('subject-token-file', flags['subject-token-file'], exchangeTokenEnvNames.subject, maxTokenLength);
    const actorToken = await readSecret('actor-token-file', flags['actor-token-file'], exchangeTokenEnvNames.actor, maxTokenLength);
    if (subjectToken === undefined) throw new UsageError(`No subject token: give --subject-token-file PATH|-, or set ${exchangeTokenEnvNames.subject}`);
    if (actorToken === undefined) throw new UsageError(`No actor token: give --actor-token-file PATH|-, or set ${exchangeTokenEnvNames.actor}`);
    const clientId = flags['client-id'] ?? process.env[credentialEnvNames.clientId]?.trim();
    const clientSecret = await readSecret('client-secret-file', flags['client-secret-file'], credentialEnvNames.clientSecret, maxClientSecretLength);
    if (!clientId || clientSecret === undefined)
      throw new UsageError('No client to exchange as: the agent client authenticates (RFC 8693 section 2.1)', [
        `--client-id ID --client-secret-file PATH|-, or set ${credentialEnvNames.clientId} and ${credentialEnvNames.clientSecret}`,
      ]);
    const api = await this.api(flags.server, { credentials: { kind: 'client_credentials', clientId, clientSecret } });
    const tokens = await api.exchangeToken({ subjectToken, actorToken, scope: flags.scope, resource: flags.resource });
    this.log(tokens.access_token);
    return tokens;
  }
}
