import path from 'node:path';
import type { StartedServer } from '../../server.js';
import { AcctlCommand, CommandError, style } from '../../../../kit/src/index.js';
import { serverStartDefaults, serverStartFlags, serverStartSettings } from '../flags.js';

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

export default class ServerStart extends AcctlCommand {
  static override summary = 'Run the acctl server';
  static override description = [
    'Serves the REST API until SIGTERM or SIGINT (Ctrl-C), then finishes in-flight requests and stops cleanly.',
    'Without a database URL it runs an embedded PostgreSQL in --data-dir, which keeps its data between starts: enough for one local server. Admin commands run in the same folder (or given the same --data-dir) use it, while the server runs or not. As root, PostgreSQL runs as the system user postgres; docs/operations.md says where its files go when that user cannot enter the data folder.',
    'Migrations run at start. Every setting and its environment variable: docs/configuration.md.',
  ].join('\n');

  static override examples = [
    { description: 'A local server with its embedded database in ./.acctl', command: '<%= config.bin %> <%= command.id %>' },
    {
      description: 'Production: a shared PostgreSQL, all interfaces',
      command:
        'DATABASE_URL=postgres://... ACCTL_KEY_ENCRYPTION_KEY=... <%= config.bin %> <%= command.id %> --host 0.0.0.0 --public-url https://acctl.example.com',
    },
    { description: 'Any free port', command: '<%= config.bin %> <%= command.id %> --port 0' },
    { description: 'One server process per core, on one port', command: '<%= config.bin %> <%= command.id %> --workers auto' },
  ];

  // Derived from the option table (server/src/config/options.ts), as docs/configuration.md is.
  static override flags = serverStartFlags;

  public async run(): Promise<ServerStarted> {
    const { flags } = await this.parse(ServerStart);
    const settings = serverStartSettings(flags);
    const dataDir = settings.dataDir ?? serverStartDefaults.dataDir;
    // Imported here: the whole server (Fastify, Knex, pg-boss, every domain) would otherwise load
    // whenever oclif lists the commands without a manifest (bin/dev.js, the tests).
    const { startServerProcesses, stopOnSignals } = await import('../../server.js');
    let server: StartedServer;
    try {
      server = await startServerProcesses({ ...settings, dataDir, say: this.say });
    } catch (error) {
      // One line each, exit 3: the port is a setting (docs/cli-usage.md, "Exit codes").
      const where = `port ${settings.port ?? serverStartDefaults.port} on ${settings.host ?? serverStartDefaults.host}`;
      const listenFailures: Record<string, string> = {
        EADDRINUSE: `The ${where} is already in use: choose another with --port (0 picks a free one), or stop the process that holds it`,
        EACCES: `The ${where} needs privileges this process lacks: choose a port above 1023 with --port`,
        EADDRNOTAVAIL: `The ${where} cannot be listened on: --host must be an address of this machine`,
      };
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code in listenFailures) throw new CommandError('config_error', listenFailures[code]!, { cause: error });
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
    const where = started.database === 'embedded' ? (dataDir === serverStartDefaults.dataDir ? '' : ` --data-dir ${dataDir}`) : '';
    return [
      `${style.green('acctl is listening')} on ${style.bold(started.url)}`,
      `  REST API   ${started.api_url}   (OpenAPI: ${started.api_url}/openapi.json)`,
      `  Database   ${started.database === 'embedded' ? `embedded PostgreSQL in ${started.data_dir}` : 'the DATABASE_URL database'}`,
      ...(started.workers > 1 ? [`  Workers    ${started.workers} processes on this port (primary pid ${started.pid})`] : []),
      '',
      'To get an access token, register a client (in another terminal' + (started.database === 'external' ? ', with the same DATABASE_URL' : '') + '):',
      // npx: `npm ci` puts no acctl on the PATH.
      style.cyan(`  npx acctl server client create --name my-app --scope admin:all${where}`),
      'then ask the token endpoint with the client_id and client_secret it prints:',
      style.cyan(`  curl -s -u "$CLIENT_ID:$CLIENT_SECRET" -d grant_type=client_credentials ${started.token_endpoint}`),
      '',
      style.dim('Stop with Ctrl-C (SIGINT) or SIGTERM.'),
    ].join('\n');
  }
}
