import type { ClientSummary } from '../../../admin/index.js';
import { AcctlCommand, renderTable, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface ClientListResult {
  clients: ClientSummary[];
}

export default class ClientList extends AcctlCommand {
  static override summary = 'List the registered OAuth clients';
  static override description = 'Oldest first. Secrets are never shown: they are stored only as hashes.';
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq -r ".clients[].client_id"'];
  static override flags = { ...databaseFlags };

  public async run(): Promise<ClientListResult> {
    const { flags } = await this.parse(ClientList);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { listClients } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const clients = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, (database) =>
      listClients(database.db),
    );
    if (clients.length === 0) {
      this.log(style.dim('No OAuth clients yet. Register one with: npx acctl server client create --name NAME --scope SCOPE'));
    } else {
      this.log(
        renderTable(
          [
            { header: 'CLIENT ID', value: (client: ClientSummary) => client.client_id },
            { header: 'NAME', value: (client) => client.name },
            { header: 'TYPE', value: (client) => client.client_type },
            { header: 'GRANT TYPES', value: (client) => client.grant_types.join(',') },
            { header: 'SCOPES', value: (client) => client.allowed_scopes.join(',') || '-' },
            { header: 'OWNERS', value: (client) => client.owners?.join(',') ?? '-' },
            { header: 'AGENT', value: (client) => client.agent_principal_id ?? '-' },
            { header: 'CREATED', value: (client) => client.created_at.slice(0, 19).replace('T', ' ') },
          ],
          clients,
        ),
      );
    }
    return { clients };
  }
}
