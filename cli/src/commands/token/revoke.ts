import { Args, Flags } from '@oclif/core';
import type { ApiTokenRevokeRequest, TokenRevoked } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError, readSecretLine } from '../../../../kit/src/index.js';
import { tokenStdinFlag } from '../../flags/api-token.js';

export default class TokenRevokeCommand extends ApiCommand {
  static override summary = 'Revoke an API token (by id, or by value) or an access token';
  static override description =
    "ID revokes an API token by its id; --token-stdin revokes the token read from stdin (an API token or an access token); --self revokes the token this command presents (ACCTL_TOKEN, or the profile's access token). By value, any token you hold, whoever it belongs to (report a leaked token this way); by ID, only the token presented itself or with admin:all. Takes effect on every server replica at once.";
  static override examples = [
    '<%= config.bin %> <%= command.id %> 6a7c1f0e-2b3d-4c5e-8f9a-0b1c2d3e4f5a',
    'echo "$LEAKED_TOKEN" | <%= config.bin %> <%= command.id %> --token-stdin',
    'ACCTL_TOKEN=acctl_... <%= config.bin %> <%= command.id %> --self --json',
  ];
  // ignoreStdin: oclif would otherwise read a missing argument from piped stdin, which is --token-stdin's.
  static override args = { id: Args.string({ required: false, description: 'The API token id.', ignoreStdin: true }) };
  static override flags = { ...tokenStdinFlag, self: Flags.boolean({ summary: 'Revoke the token this command presents.' }) };

  public async run(): Promise<TokenRevoked> {
    const { args, flags } = await this.parse(TokenRevokeCommand);
    const chosen = [args.id !== undefined, flags['token-stdin'], flags.self].filter(Boolean).length;
    if (chosen !== 1) throw new UsageError('Say which token to revoke: an ID, --token-stdin or --self (one of them)');
    const body: ApiTokenRevokeRequest | undefined =
      args.id !== undefined ? { id: args.id } : flags['token-stdin'] ? { token: (await readSecretLine('Token: ')).trim() } : undefined;
    const revoked = await (await this.api(flags.server)).call('delete', '/auth/revoke', body === undefined ? {} : { body });
    this.log(`Revoked ${revoked.token_kind === 'api_token' ? 'API token' : 'access token'} ${revoked.id ?? ''}`.trimEnd());
    return revoked;
  }
}
