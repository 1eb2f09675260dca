import { AcctlCommand } from '../../../kit/src/index.js';
import { credentialEnvNames, envCredentialsIfSet } from '../credentials/env.js';
import { activeProfileName, resolveProfile } from '../credentials/profile-config.js';
import { expiresSoon, requireProfile } from '../credentials/session.js';
import { credentialsFilePath } from '../credentials/store.js';
import { defaultServer, profileFlag } from '../flags/connection.js';
import { accessTokenClaims } from '../login/token-claims.js';
import type { CliWhoamiOutput } from '../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type WhoamiResult = Omit<CliWhoamiOutput, 'format_version'>;

export default class WhoamiCommand extends AcctlCommand {
  static override summary = 'Show who the CLI acts as: the environment credentials (CI), else the stored profile';
  static override description =
    "As the other commands choose: ACCTL_TOKEN, or ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET (CI mode), else the profile acctl login stored. Read from the access token's claims (decoded, not verified: the server verifies tokens) and from what login stored (the username). Nothing is sent to the server, and nothing is refreshed: a client id and secret show only the client id, and an opaque API token no subject.";
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> --json | jq -r .username',
    'ACCTL_CLIENT_ID=ci-deployer ACCTL_CLIENT_SECRET=... <%= config.bin %> <%= command.id %> --json',
  ];
  static override flags = { ...profileFlag };

  public async run(): Promise<WhoamiResult> {
    const { flags } = await this.parse(WhoamiCommand);
    const env = envCredentialsIfSet();
    const result = env ? fromEnvironment(env, await this.serverForEnvironment(flags.profile)) : await this.fromProfile(flags.profile);
    const who = result.username ? `${result.username}${result.subject ? ` (${result.subject})` : ''}` : (result.subject ?? '-');
    this.log(`User:     ${who}`);
    if (result.source === 'environment')
      this.log(
        `Source:   environment (${result.env_credentials === 'token' ? credentialEnvNames.token : `${credentialEnvNames.clientId}/${credentialEnvNames.clientSecret}`}), server ${result.server}`,
      );
    else this.log(`Server:   ${result.server} (profile "${result.profile}")`);
    this.log(`Client:   ${result.client_id ?? '-'}`);
    this.log(`Scopes:   ${result.scopes.join(' ') || '-'}`);
    if (result.expires_at !== null)
      this.log(
        `Expires:  ${result.expires_at}${result.expired ? ' (expired: the next command refreshes it)' : this.#soon ? ' (soon: the next command refreshes it)' : ''}`,
      );
    return result;
  }

  #soon = false;

  /** Where a command run here would send the environment's credentials: the rule every command follows, without --server. */
  private async serverForEnvironment(profileFlagValue: string | undefined): Promise<string> {
    const { chooseServer } = await import('../flags/server-choice.js');
    const chosen = await chooseServer(process.env.ACCTL_SERVER || undefined, { from: '.' }, await resolveProfile(profileFlagValue));
    return chosen?.server ?? defaultServer;
  }

  private async fromProfile(profileFlagValue: string | undefined): Promise<WhoamiResult> {
    const name = await activeProfileName(profileFlagValue);
    const profile = await requireProfile(credentialsFilePath(), name);
    const claims = accessTokenClaims(profile.access_token);
    this.#soon = expiresSoon(profile);
    return {
      source: 'profile',
      profile: name,
      server: profile.server,
      subject: claims.sub ?? profile.subject,
      username: profile.username ?? null,
      client_id: claims.client_id ?? null,
      env_credentials: null,
      scopes: (claims.scope ?? profile.scope).split(' ').filter(Boolean),
      expires_at: profile.expires_at,
      expired: Date.parse(profile.expires_at) <= Date.now(),
      overridden_by_env: false,
    };
  }
}

/** CI mode: what the environment's credentials say about themselves, without a request. */
function fromEnvironment(env: NonNullable<ReturnType<typeof envCredentialsIfSet>>, server: string): WhoamiResult {
  const base = { source: 'environment', profile: null, server, username: null, overridden_by_env: true } as const;
  if (env.kind === 'client_credentials')
    return { ...base, subject: env.clientId, client_id: env.clientId, env_credentials: 'client_credentials', scopes: [], expires_at: null, expired: false };
  // An access token (a JWT) carries its claims; an API token is opaque.
  const claims = env.kind === 'bearer' ? accessTokenClaims(env.token) : {};
  const expiresAt = claims.exp === undefined ? null : new Date(claims.exp * 1000).toISOString();
  return {
    ...base,
    subject: claims.sub ?? null,
    client_id: claims.client_id ?? null,
    env_credentials: 'token',
    scopes: (claims.scope ?? '').split(' ').filter(Boolean),
    expires_at: expiresAt,
    expired: expiresAt !== null && Date.parse(expiresAt) <= Date.now(),
  };
}
