import { AcctlCommand } from '../base/acctl-command.js';
import { envCredentialsIfSet } from '../credentials/env.js';
import { activeProfileName } from '../credentials/profile-config.js';
import { expiresSoon, requireProfile } from '../credentials/session.js';
import { credentialsFilePath } from '../credentials/store.js';
import { profileFlag } from '../flags/connection.js';
import { accessTokenClaims } from '../login/token-claims.js';

export interface WhoamiResult {
  profile: string;
  server: string;
  subject: string;
  client_id: string | null;
  scopes: string[];
  expires_at: string;
  expired: boolean;
  /** Set when ACCTL_TOKEN or ACCTL_CLIENT_ID/SECRET would be used instead of this profile. */
  overridden_by_env: boolean;
}

export default class WhoamiCommand extends AcctlCommand {
  static override summary = 'Show who a stored profile is signed in as';
  static override description =
    "Read from the stored access token's claims (decoded, not verified: the server verifies tokens; introspection is for confidential clients). Nothing is sent to the server, and nothing is refreshed.";
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq -r .subject'];
  static override flags = { ...profileFlag };

  public async run(): Promise<WhoamiResult> {
    const { flags } = await this.parse(WhoamiCommand);
    const name = await activeProfileName(flags.profile);
    const profile = await requireProfile(credentialsFilePath(), name);
    const claims = accessTokenClaims(profile.access_token);
    const result: WhoamiResult = {
      profile: name,
      server: profile.server,
      subject: claims.sub ?? profile.subject,
      client_id: claims.client_id ?? null,
      scopes: (claims.scope ?? profile.scope).split(' ').filter(Boolean),
      expires_at: profile.expires_at,
      expired: Date.parse(profile.expires_at) <= Date.now(),
      overridden_by_env: envCredentialsIfSet() !== undefined,
    };
    this.log(`Subject:  ${result.subject}`);
    this.log(`Server:   ${result.server} (profile "${result.profile}")`);
    this.log(`Client:   ${result.client_id ?? '-'}`);
    this.log(`Scopes:   ${result.scopes.join(' ') || '-'}`);
    this.log(
      `Expires:  ${result.expires_at}${result.expired ? ' (expired: the next command refreshes it)' : expiresSoon(profile) ? ' (soon: the next command refreshes it)' : ''}`,
    );
    if (result.overridden_by_env) this.warn('ACCTL_TOKEN or ACCTL_CLIENT_ID/ACCTL_CLIENT_SECRET is set: commands use those, not this profile');
    return result;
  }
}
