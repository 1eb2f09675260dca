import { Command } from '@oclif/core';
import { runServerPackage } from '../server-package.js';

/**
 * `acctl server …`: the server package's commands (start, migrate, client, user, keys), listed
 * here so that `acctl --help` names them. cli/bin/acctl.js hands `acctl server …` to the server
 * package before oclif starts, so this runs only when oclif is reached another way (`acctl server:start`).
 */
export default class Server extends Command {
  static override summary = 'Run and administer an acctl server: the commands of the server package (@acctl/server); acctl server --help lists them';
  static override strict = false;
  static override examples = [
    { description: 'Start a server on an embedded PostgreSQL', command: '<%= config.bin %> server start' },
    { description: 'Register an OAuth client in its database', command: '<%= config.bin %> server client create --name my-app --scope admin:all' },
  ];

  public async run(): Promise<void> {
    await runServerPackage([...this.id!.split(':').slice(1), ...this.argv]);
  }
}
