import { Args } from '@oclif/core';
import { cliActor } from '../../actor.js';
import { AcctlCommand, NotFound, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface ClientDeleted {
  client_id: string;
  deleted: true;
}

export default class ClientDelete extends AcctlCommand {
  static override summary = 'Delete an OAuth client';
  static override description =
    'The client can no longer get tokens, and the tokens it holds (access tokens, refresh tokens, API tokens it made) stop working at once on every server replica.';
  static override examples = ['<%= config.bin %> <%= command.id %> 0b6f1c9e-3a51-4d0e-9a8e-2f0f6f7d2c11'];
  static override args = { client_id: Args.string({ required: true, description: 'The client_id to delete.' }) };
  static override flags = { ...databaseFlags };

  public async run(): Promise<ClientDeleted> {
    const { args, flags } = await this.parse(ClientDelete);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { deleteClient, systemContext } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const context = systemContext(cliActor(), 'cli');
    const deleted = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      deleteClient(database, context, args.client_id),
    );
    if (!deleted) throw new NotFound(`No OAuth client with client_id ${args.client_id}`, ['See the clients with: acctl server client list']);
    this.log(`${style.green('Deleted')} OAuth client ${style.bold(args.client_id)}`);
    return { client_id: args.client_id, deleted: true };
  }
}
