import { Args } from '@oclif/core';
import { cliActor } from '../../actor.js';
import { AcctlCommand, keyValueLines, NotFound, style, UsageError } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface ClientSecretRotated {
  client_id: string;
  /** Shown this once; only its SHA-256 is stored. */
  client_secret: string;
  secret_rotated_at: string;
}

export default class ClientRotateSecret extends AcctlCommand {
  static override summary = 'Give a confidential client a new secret and print it once';
  static override description = 'The old secret stops working at once; access tokens already issued stay valid until they expire.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> 0b6f1c9e-3a51-4d0e-9a8e-2f0f6f7d2c11',
    '<%= config.bin %> <%= command.id %> 0b6f1c9e-3a51-4d0e-9a8e-2f0f6f7d2c11 --json | jq -r .client_secret',
  ];
  static override args = { client_id: Args.string({ required: true, description: 'The client_id whose secret to replace.' }) };
  static override flags = { ...databaseFlags };

  public async run(): Promise<ClientSecretRotated> {
    const { args, flags } = await this.parse(ClientRotateSecret);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { rotateClientSecret, systemContext } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const context = systemContext(cliActor(), 'cli');
    const rotation = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      rotateClientSecret(database, context, args.client_id),
    );
    if (!rotation.rotated && rotation.reason === 'public_client') throw new UsageError(`${args.client_id} is a public client: it has no secret to rotate`);
    if (!rotation.rotated && rotation.reason === 'private_key_jwt_client')
      throw new UsageError(`${args.client_id} authenticates with private_key_jwt: rotate the keys of its JWK Set, it has no secret`);
    if (!rotation.rotated) throw new NotFound(`No OAuth client with client_id ${args.client_id}`, ['See the clients with: acctl server client list']);
    const { secret } = rotation;
    this.log(`${style.green('New secret')} for OAuth client ${style.bold(args.client_id)}`);
    this.log(keyValueLines([['client_secret', style.yellow.bold(secret)]]).join('\n'));
    this.log(style.dim('The secret is shown only this once: store it now. The old secret no longer works.'));
    return { client_id: args.client_id, client_secret: secret, secret_rotated_at: context.now.toISOString() };
  }
}
