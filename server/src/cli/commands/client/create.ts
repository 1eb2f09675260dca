import { Flags } from '@oclif/core';
import { allScopes } from '../../../../../core/src/index.js';
import type { ClientSummary } from '../../../admin/index.js';
import { cliActor } from '../../actor.js';
import { AcctlCommand, keyValueLines, style, UsageError } from '../../../../../kit/src/index.js';
import { checkClientRegistration, registrableGrantTypes } from '../../client-registration.js';
import { databaseFlags } from '../../flags.js';

export interface ClientCreated extends ClientSummary {
  /** Shown this once; only its SHA-256 is stored. Null for a public client. */
  client_secret: string | null;
}

export default class ClientCreate extends AcctlCommand {
  static override summary = 'Register an OAuth client and print its secret once';
  static override description = [
    'A confidential client gets a generated secret, printed this once: the database keeps only its SHA-256 hash.',
    'A public client (--public) has no secret; it uses the authorization_code grant with PKCE and cannot use client_credentials.',
    `Scopes: ${allScopes.join(', ')}.`,
  ].join('\n');

  static override examples = [
    {
      description: 'A service that gets tokens with client_credentials',
      command: '<%= config.bin %> <%= command.id %> --name billing-service --scope read:policies --scope evaluate:decisions',
    },
    {
      description: 'An administration client, with the secret captured by a script',
      command: '<%= config.bin %> <%= command.id %> --name ops --scope admin:all --json | jq -r .client_secret',
    },
    {
      description: 'A browser app (public client, authorization code with PKCE)',
      command: '<%= config.bin %> <%= command.id %> --name web --public --redirect-uri https://app.example.com/callback --scope read:policies',
    },
    {
      description: 'A service that authenticates with a private key (private_key_jwt, RFC 7523), its public keys in a file',
      command: '<%= config.bin %> <%= command.id %> --name billing-service --scope read:policies --jwks billing.jwks.json',
    },
    {
      description: 'An AI agent registered as principal of kind agent: its tokens carry the principal as subject',
      command: '<%= config.bin %> <%= command.id %> --name support-bot --scope evaluate:decisions --agent support-bot',
    },
    {
      description: "A team's CI client, which may write only its team's policies",
      command: '<%= config.bin %> <%= command.id %> --name payments-ci --scope read:policies --scope write:policies --owner payments',
    },
  ];

  static override flags = {
    name: Flags.string({ required: true, summary: 'Name shown to people (consent screens, listings).' }),
    'grant-type': Flags.string({
      multiple: true,
      delimiter: ',',
      options: [...registrableGrantTypes],
      summary: 'Grant type the client may use; repeat for several. Default: client_credentials (authorization_code with --public).',
    }),
    'redirect-uri': Flags.string({
      multiple: true,
      summary: 'Absolute https URL the authorization code may be sent to (http only on 127.0.0.1, [::1] or localhost); repeat for several.',
    }),
    // The server's own setting (config allowInsecureRedirectUris), read from the same variable:
    // the rule of the dashboard holds here too.
    'allow-insecure-redirect-uris': Flags.boolean({
      env: 'ACCTL_ALLOW_INSECURE_REDIRECT_URIS',
      default: false,
      summary: 'Development only: accept http:// redirect URIs on any host (RFC 9700 section 2.6 forbids them).',
    }),
    scope: Flags.string({ multiple: true, delimiter: ',', summary: 'Scope the client may be granted; repeat for several.' }),
    public: Flags.boolean({ default: false, summary: 'A public client (browser or native app): no secret.' }),
    jwks: Flags.string({
      summary: 'private_key_jwt: a JSON file holding the JWK Set of the public keys the client signs its assertions with; no secret is made.',
      exclusive: ['jwks-uri', 'public'],
    }),
    'jwks-uri': Flags.string({
      summary: "private_key_jwt: the https URL that serves the JWK Set of the client's public keys; no secret is made.",
      exclusive: ['jwks', 'public'],
    }),
    // The server's own switch for every URL it fetches (config webhooksAllowHttp), read from the same variable.
    'allow-http-jwks-uri': Flags.boolean({
      env: 'ACCTL_WEBHOOKS_ALLOW_HTTP',
      default: false,
      summary: 'Development only: accept an http:// --jwks-uri (the server fetches it only when it sets webhooksAllowHttp).',
    }),
    owner: Flags.string({
      multiple: true,
      summary: 'Policy owner (metadata.managed_by, acctl.yaml owner) the client may write; repeat for several. Default: not bound.',
      description:
        "A bound client creates policies labelled with its first owner and may not change or delete another owner's policies (403 policy_owned_elsewhere); see docs/security.md.",
    }),
    agent: Flags.string({
      summary: 'Agent principal (its name or id, of kind agent) the client acts as: its client_credentials tokens carry that principal as sub.',
      description:
        'Decisions and delegation chains then see the agent with its attributes; disabling or deleting the agent ends its tokens at once and refuses new ones. See docs/oauth.md, "Agents".',
    }),
    ...databaseFlags,
  };

  public async run(): Promise<ClientCreated> {
    const { flags } = await this.parse(ClientCreate);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { ClientAgentRefused, registerClient, systemContext } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const registration = checkClientRegistration(
      {
        name: flags.name,
        public: flags.public,
        grantTypes: flags['grant-type'] ?? [],
        redirectUris: flags['redirect-uri'] ?? [],
        scopes: flags.scope ?? [],
        owners: flags.owner ?? [],
        jwks: flags.jwks === undefined ? undefined : await readJwksFile(flags.jwks),
        jwksUri: flags['jwks-uri'],
        agent: flags.agent,
      },
      { allowInsecure: flags['allow-insecure-redirect-uris'] },
      { allowHttp: flags['allow-http-jwks-uri'] },
    );
    const context = systemContext(cliActor(), 'cli');
    const { client, secret } = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      registerClient(database, context, { ...registration, createdBy: context.actor.subject }).catch((error: unknown) => {
        if (error instanceof ClientAgentRefused) throw new UsageError(error.message, ['List the agents: acctl principal list --kind agent']);
        throw error;
      }),
    );
    const created: ClientCreated = { ...client, client_secret: secret };

    this.log(`${style.green('Created')} ${created.client_type} OAuth client ${style.bold(created.name)}`);
    this.log(
      keyValueLines([
        ['client_id', created.client_id],
        ...(secret === null ? [] : ([['client_secret', style.yellow.bold(secret)]] as const)),
        ['grant types', created.grant_types.join(', ')],
        ['scopes', created.allowed_scopes.join(', ') || style.dim('none')],
        ['owners', created.owners?.join(', ') ?? style.dim('not bound')],
        ...(created.agent_principal_id === null ? [] : ([['acts as agent', created.agent_principal_id]] as const)),
        ...(registration.jwks ? ([['authentication', 'private_key_jwt (registered JWK Set)']] as const) : []),
        ...(registration.jwksUri ? ([['authentication', `private_key_jwt (${registration.jwksUri})`]] as const) : []),
        ...(created.redirect_uris.length > 0 ? ([['redirect URIs', created.redirect_uris.join(', ')]] as const) : []),
      ]).join('\n'),
    );
    if (secret !== null) this.log(style.dim('The secret is shown only this once: store it now. The server keeps only its hash.'));
    return created;
  }
}

/** The JWK Set file as parsed JSON; its rules are core's (checkClientRegistration). */
async function readJwksFile(path: string): Promise<unknown> {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`Cannot read the JWK Set file ${path}: ${error.code ?? error.message}`);
  });
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new UsageError(`The JWK Set file ${path} is not JSON`);
  }
}
