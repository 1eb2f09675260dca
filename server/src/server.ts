import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, recordedEventsSubscribers } from './app.js';
import { applyBootstrap } from './bootstrap.js';
import { ConfigError, configFromEnv, makeConfig, type Config } from './config/config.js';
import { defaults } from './config/defaults.js';
import { loadOrCreateLocalKeyEncryptionKey } from './config/local-secrets.js';
import { reachDatabase } from './db/database-unreachable.js';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { createKnex } from './db/knex.js';
import { migrateToLatest } from './db/migrate.js';
import { openAuditLog } from './domains/audit/index.js';

export interface StartOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  publicUrl?: string;
  /** Server processes on this host (config.workers); 1 serves from this process. */
  workers?: number;
  env?: NodeJS.ProcessEnv;
  /** Status lines for the person who started the server (the CLI prints them). */
  say?: (line: string) => void;
  /** Events after the start the operator must see whatever the output format (a worker exited); stderr by default. */
  warn?: (line: string) => void;
}

/** What the CLI needs of a started server, whether it serves from this process or from workers. */
export interface StartedServer {
  config: Readonly<Config>;
  url: string;
  embedded: EmbeddedDatabase | undefined;
  /** Processes serving requests: 1, this one; more, workers of this one (cluster/primary.ts). */
  workers: number;
  /** Finishes in-flight requests, closes the pools, stops the embedded database, in that order. */
  stop(): Promise<void>;
  /** Resolves when the server cannot go on (its workers keep exiting); stop() has been called by then. */
  failed?: Promise<Error>;
}

export interface RunningServer extends StartedServer {
  app: FastifyInstance;
}

/**
 * Starts a server process: the database (embedded PostgreSQL unless a URL is given), migrations,
 * bootstrap, then the app. stop() finishes in-flight requests, closes the pool and stops the
 * embedded database, in that order. `workers` is ignored: this process serves alone.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const { config, embedded } = await prepare(options);
  return serveFromThisProcess(config, embedded);
}

/**
 * `acctl server start`: as startServer with one worker; with more, this process becomes the
 * primary of a cluster (cluster/primary.ts): it holds the embedded database, migrates and
 * bootstraps once, and its workers serve on the same port.
 */
export async function startServerProcesses(options: StartOptions = {}): Promise<StartedServer> {
  const { config, embedded } = await prepare(options);
  if (config.workers === 1) return serveFromThisProcess(config, embedded);
  try {
    const { startCluster } = await import('./cluster/primary.js');
    const running = await startCluster(config, { say: options.say ?? (() => {}), warn: options.warn ?? ((line) => console.error(line)) });
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> =>
      (stopping ??= (async () => {
        await running.stop();
        if (embedded) await embedded.stop();
      })());
    const failed = running.failed.then(async (reason) => {
      await stop();
      return reason;
    });
    return { config, url: `${config.publicUrl}/v1`, embedded, workers: config.workers, stop, failed };
  } catch (error) {
    if (embedded) await embedded.stop();
    throw error;
  }
}

/** The configuration with the database ready: started if embedded, migrated, bootstrapped; the port resolved. */
async function prepare(options: StartOptions): Promise<{ config: Readonly<Config>; embedded: EmbeddedDatabase | undefined }> {
  const say = options.say ?? (() => {});
  const fromEnv = configFromEnv(options.env ?? process.env);
  const databaseUrl = options.databaseUrl ?? fromEnv.databaseUrl;
  const dataDir = options.dataDir ?? process.env.ACCTL_DATA_DIR ?? defaults.dataDir;
  let port = options.port ?? fromEnv.port ?? defaults.port;
  const host = options.host ?? fromEnv.host ?? defaults.host;
  // Resolved here, once: every worker of a cluster must listen on the same port. A port taken is
  // found before anything is started or created (the data folder, its PostgreSQL).
  if (port === 0) port = await findFreePort(host);
  else await checkPortFree(host, port);
  let embedded: EmbeddedDatabase | undefined;
  let keyEncryptionKey = fromEnv.keyEncryptionKey;
  if (!databaseUrl) {
    say(`No DATABASE_URL: starting embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedPostgres(dataDir, { say });
    keyEncryptionKey ??= await loadOrCreateLocalKeyEncryptionKey(dataDir);
  } else if (!keyEncryptionKey) {
    throw new ConfigError(
      'ACCTL_KEY_ENCRYPTION_KEY is required with DATABASE_URL: 32 random bytes in base64 (openssl rand -base64 32), the same on every replica',
    );
  }
  try {
    const config = makeConfig({
      ...fromEnv,
      host,
      port,
      databaseUrl: databaseUrl ?? embedded!.databaseUrl,
      keyEncryptionKey: keyEncryptionKey!,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.workers !== undefined ? { workers: options.workers } : {}),
    });
    // A DATABASE_URL where nothing answers is one line and exit 6, not Knex's error from its first query.
    if (!embedded) await reachDatabase(config.databaseUrl);
    const migrator = createKnex(config.databaseUrl, 1);
    try {
      const applied = await migrateToLatest(migrator);
      if (applied.length > 0) say(`Applied ${applied.length} migration(s)`);
      // Bootstrap records before the app is built: its audit log, with the app's subscribers, is its own.
      const auditLog = openAuditLog(migrator, { subscribers: recordedEventsSubscribers });
      for (const line of await applyBootstrap({ db: migrator, auditLog }, config.bootstrap)) say(`Bootstrap: ${line}`);
    } finally {
      await migrator.destroy();
    }
    return { config, embedded };
  } catch (error) {
    if (embedded) await embedded.stop();
    throw error;
  }
}

async function serveFromThisProcess(config: Readonly<Config>, embedded: EmbeddedDatabase | undefined): Promise<RunningServer> {
  try {
    const app = await buildApp(config);
    try {
      await app.listen({ host: config.host, port: config.port });
      await app.listenForMetrics();
    } catch (error) {
      await app.close().catch(() => undefined);
      throw error;
    }
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> =>
      (stopping ??= (async () => {
        await app.close();
        if (embedded) await embedded.stop();
      })());
    return { app, config, url: `${config.publicUrl}/v1`, embedded, workers: 1, stop };
  } catch (error) {
    if (embedded) await embedded.stop();
    throw error;
  }
}

/** Fails as listen() would (EADDRINUSE, EACCES, EADDRNOTAVAIL) when `host:port` cannot be listened on now. */
function checkPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/**
 * SIGTERM, SIGINT (Ctrl-C) and SIGHUP (the terminal closed) stop the server cleanly once, with one
 * line and exit code 0; a second signal exits at once with 130. A server that cannot go on (failed)
 * has stopped itself: the process exits 1 with the reason on stderr. Started by npm (`npm start`,
 * `npx`), the server also stops when npm is gone (stopWithParent).
 */
export function stopOnSignals(
  server: Pick<StartedServer, 'stop' | 'failed'>,
  say: (line: string) => void = () => {},
  env: NodeJS.ProcessEnv = process.env,
): void {
  let received = false;
  const shutDown = (why: string): void => {
    if (received) process.exit(130);
    received = true;
    say(`${why}: finishing in-flight requests and shutting down`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`acctl server: the shutdown failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  // The embedded PostgreSQL stops itself on these signals (db/embedded-postgres.ts), which would be
  // under requests still in flight. Shutdown is ours: requests first, then the pool, then PostgreSQL.
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, shutDown);
  }
  if (env.npm_lifecycle_event !== undefined) stopWithParent(() => shutDown('npm, which started this server, has exited'));
  void server.failed?.then((reason) => {
    if (received) return;
    console.error(`acctl server: ${reason.message}`);
    process.exit(1);
  });
}

/**
 * Calls `onParentGone` once this process's parent has exited, as seen by its parent pid changing
 * (the kernel hands an orphan to init or a subreaper). For a server an npm script runs: npm passes
 * SIGTERM on to its child but nothing when it is itself killed, and a shell between the two
 * (`sh -c` without exec) dies of SIGTERM without passing it on; either way the server was left
 * holding its port and PostgreSQL. Node has no prctl(PR_SET_PDEATHSIG): a check each second.
 */
function stopWithParent(onParentGone: () => void): void {
  const parent = process.ppid;
  const check = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(check);
    onParentGone();
  }, 1000);
  check.unref();
}
