import type { ApiToken, ApiTokenRefreshRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { expiresInFlag, presentedApiToken, tokenStdinFlag } from '../../flags/api-token.js';
import { parseDurationSeconds } from '../../flags/duration.js';
import { issuedTokenLines } from '../../ux/api-token-display.js';

export default class TokenRotateCommand extends ApiCommand {
  static override summary = 'Replace an API token with a new one (same name and scopes); prints it once';
  static override description =
    'The token to rotate is read from stdin (--token-stdin) or is ACCTL_TOKEN; it presents itself to POST /v1/auth/refresh, and is revoked in the same transaction that issues the new one. Without --expires-in the new token keeps the old lifetime.';
  static override examples = [
    'ACCTL_TOKEN=acctl_... <%= config.bin %> <%= command.id %>',
    'pass show acctl/ci | <%= config.bin %> <%= command.id %> --token-stdin --expires-in 90d --json | jq -r .token | pass insert -e acctl/ci',
  ];
  static override flags = { ...tokenStdinFlag, ...expiresInFlag };

  public async run(): Promise<ApiToken> {
    const { flags } = await this.parse(TokenRotateCommand);
    const presented = await presentedApiToken(flags['token-stdin']);
    const body: ApiTokenRefreshRequest = flags['expires-in'] === undefined ? {} : { expires_in: parseDurationSeconds('expires-in', flags['expires-in']) };
    const api = await this.api(flags.server, { credentials: { kind: 'bearer', token: presented } });
    const token = await api.call('post', '/auth/refresh', { body });
    this.say(`Rotated: ${token.replaces ?? 'the old token'} is revoked; the new token is ${token.id}`);
    this.log(issuedTokenLines(token).join('\n'));
    return token;
  }
}
