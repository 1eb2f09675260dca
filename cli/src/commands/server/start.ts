import path from 'node:path';
import { Flags } from '@oclif/core';
import { defaults } from '../../../../server/src/config/defaults.js';
import { configurationOptions, type ConfigOptionName } from '../../../../server/src/config/options.js';
import { parseWorkers } from '../../../../server/src/config/config.js';
import type { StartedServer } from '../../../../server/src/server.js';
import { BaseCommand } from '../../base-command.js';
import { CommandError } from '../../errors.js';
import { style } from '../../ux/style.js';

export interface ServerStarted {
  /** The public origin: issuer and audience of the tokens. */
  url: string;
  /** Base URL of the REST API. */
  api_url: string;
  token_endpoint: string;
  database: 'embedded' | 'external';
  /** Folder of the embedded PostgreSQL; null with a database URL. */
  data_dir: string | null;
  /** This process: the server, or with several workers their primary (SIGTERM or SIGINT to it stops them all). */
  pid: number;
  /** Processes serving requests on the port (--workers). */
  workers: number;
}

/** Help text and environment variable of a flag, from the one table of configuration options. */
function described(name: ConfigOptionName): { summary: string; env?: string } {
  const option = configurationOptions.find((candidate) => candidate.name === name)!;
  return { summary: option.description, ...(option.envVars[0] ? { env: option.envVars[0] } : {}) };
}

export default class ServerStart extends BaseCommand {
  static override summary = 'Run the acctl server';
  static override description = [
    'Serves the REST API until SIGTERM or SIGINT (Ctrl-C), then finishes in-flight requests and stops cleanly.',
    'Without a database URL it runs an embedded PostgreSQL in --data-dir, which keeps its data between starts: enough for one local server. Admin commands given the same --data-dir use it while the server runs.',
    'Migrations run at start. Every setting and its environment variable: README, "Configuration".',
  ].join('\n');

  static override examples = [
    { description: 'A local server with its embedded database in ./.acctl', command: '<%= config.bin %> <%= command.id %>' },
    { description: 'Production: a shared PostgreSQL, all interfaces', command: 'DATABASE_URL=postgres://... ACCTL_KEY_ENCRYPTION_KEY=... <%= config.bin %> <%= command.id %> --host 0.0.0.0 --public-url https://acctl.example.com' },
    { description: 'Any free port', command: '<%= config.bin %> <%= command.id %> --port 0' },
    { description: 'One server process per core, on one port', command: '<%= config.bin %> <%= command.id %> --workers auto' },
  ];

  static override flags = {
    port: Flags.integer({ ...described('port'), min: 0, max: 65535, defaultHelp: async () => String(defaults.port) }),
    host: Flags.string({ ...described('host'), defaultHelp: async () => defaults.host }),
    'data-dir': Flags.string({ ...described('dataDir'), helpValue: 'DIR', defaultHelp: async () => defaults.dataDir }),
    'database-url': Flags.string({ ...described('databaseUrl'), helpValue: 'postgres://...' }),
    'public-url': Flags.string({ ...described('publicUrl'), helpValue: 'https://...' }),
    workers: Flags.string({ ...described('workers'), helpValue: 'N|auto', defaultHelp: async () => String(defaults.workers) }),
  };

  public async run(): Promise<ServerStarted> {
    const { flags } = await this.parse(ServerStart);
    const dataDir = flags['data-dir'] ?? defaults.dataDir;
    // Imported here: the whole server (Fastify, Knex, pg-boss, every domain) would otherwise load
    // whenever oclif lists the commands without a manifest (bin/dev.js, the tests).
    const { startServerProcesses, stopOnSignals } = await import('../../../../server/src/server.js');
    let server: StartedServer;
    try {
      server = await startServerProcesses({
        port: flags.port,
        host: flags.host,
        dataDir,
        databaseUrl: flags['database-url'],
        publicUrl: flags['public-url'],
        ...(flags.workers === undefined ? {} : { workers: parseWorkers(flags.workers, '--workers') }),
        say: this.say,
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'EADDRINUSE') {
        throw new CommandError('config_error', `Port ${flags.port ?? defaults.port} is already in use on ${flags.host ?? defaults.host}`, {
          suggestions: ['Choose another with --port (0 picks a free one), or stop the process that holds it'],
          cause: error,
        });
      }
      throw error;
    }
    stopOnSignals(server, this.say);

    const started: ServerStarted = {
      url: server.config.publicUrl,
      api_url: server.url,
      token_endpoint: `${server.url}/oauth/token`,
      database: server.embedded ? 'embedded' : 'external',
      data_dir: server.embedded ? path.resolve(dataDir) : null,
      pid: process.pid,
      workers: server.workers,
    };
    this.log(this.howToUse(started, dataDir));
    return started;
  }

  /** What a person needs next: where the API is and how to get a first token. */
  private howToUse(started: ServerStarted, dataDir: string): string {
    const where = started.database === 'embedded' ? (dataDir === defaults.dataDir ? '' : ` --data-dir ${dataDir}`) : '';
    return [
      `${style.green('acctl is listening')} on ${style.bold(started.url)}`,
      `  REST API   ${started.api_url}   (OpenAPI: ${started.api_url}/openapi.json)`,
      `  Database   ${started.database === 'embedded' ? `embedded PostgreSQL in ${started.data_dir}` : 'the DATABASE_URL database'}`,
      ...(started.workers > 1 ? [`  Workers    ${started.workers} processes on this port (primary pid ${started.pid})`] : []),
      '',
      'To get an access token, register a client (in another terminal' + (started.database === 'external' ? ', with the same DATABASE_URL' : '') + '):',
      style.cyan(`  acctl server client create --name my-app --scope admin:all${where}`),
      'then ask the token endpoint with the client_id and client_secret it prints:',
      style.cyan(`  curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials ${started.token_endpoint}`),
      '',
      style.dim('Stop with Ctrl-C (SIGINT) or SIGTERM.'),
    ].join('\n');
  }
}
