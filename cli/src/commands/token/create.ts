import { Flags } from '@oclif/core';
import type { ApiToken, ApiTokenCreateRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { expiresInFlag } from '../../flags/api-token.js';
import { parseDurationSeconds } from '../../flags/duration.js';
import { issuedTokenLines } from '../../ux/api-token-display.js';

export default class TokenCreateCommand extends ApiCommand {
  static override summary = 'Create a long-lived API token; prints it once';
  static override description =
    'For service-to-service use (set it as ACCTL_TOKEN, or send it as a bearer token). Its scopes must be among yours; creating one needs admin:all. The token (acctl_...) is printed this once: the server keeps only its SHA-256. Without --expires-in it never expires: give it a lifetime where you can.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --name ci-deploy --scope read:policies --scope write:policies --expires-in 90d',
    'export ACCTL_TOKEN=$(<%= config.bin %> <%= command.id %> --name nightly-report --scope read:audit --expires-in 30d --json | jq -r .token)',
  ];
  static override flags = {
    name: Flags.string({ summary: 'What the token is for (at most 100 characters).', required: true }),
    scope: Flags.string({ summary: 'A scope of the token (repeatable, or comma-separated).', multiple: true, delimiter: ',', required: true }),
    ...expiresInFlag,
  };

  public async run(): Promise<ApiToken> {
    const { flags } = await this.parse(TokenCreateCommand);
    const body: ApiTokenCreateRequest = {
      name: flags.name,
      scopes: flags.scope as ApiTokenCreateRequest['scopes'],
      ...(flags['expires-in'] === undefined ? {} : { expires_in: parseDurationSeconds('expires-in', flags['expires-in']) }),
    };
    const token = await (await this.api(flags.server)).call('post', '/auth/token', { body });
    this.say(`Created API token ${token.id}`);
    this.log(issuedTokenLines(token).join('\n'));
    return token;
  }
}
