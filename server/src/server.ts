import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { applyBootstrap } from './bootstrap.js';
import { ConfigError, configFromEnv, makeConfig, type Config } from './config/config.js';
import { defaults } from './config/defaults.js';
import { loadOrCreateLocalKeyEncryptionKey } from './config/local-secrets.js';
import { findFreePort, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.js';
import { createKnex } from './db/knex.js';
import { migrateToLatest } from './db/migrate.js';

export interface StartOptions {
  host?: string;
  port?: number;
  dataDir?: string;
  databaseUrl?: string;
  publicUrl?: string;
  env?: NodeJS.ProcessEnv;
  /** Status lines for the person who started the server (the CLI prints them). */
  say?: (line: string) => void;
}

export interface RunningServer {
  app: FastifyInstance;
  config: Readonly<Config>;
  url: string;
  embedded: EmbeddedDatabase | undefined;
  stop(): Promise<void>;
}

/**
 * Starts a server process: the database (embedded PostgreSQL unless a URL is given), migrations,
 * bootstrap, then the app. stop() finishes in-flight requests, closes the pool and stops the
 * embedded database, in that order.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const say = options.say ?? (() => {});
  const fromEnv = configFromEnv(options.env ?? process.env);
  const databaseUrl = options.databaseUrl ?? fromEnv.databaseUrl;
  const dataDir = options.dataDir ?? process.env.ACCTL_DATA_DIR ?? defaults.dataDir;
  let embedded: EmbeddedDatabase | undefined;
  let keyEncryptionKey = fromEnv.keyEncryptionKey;
  if (!databaseUrl) {
    say(`No DATABASE_URL: starting embedded PostgreSQL in ${dataDir}`);
    embedded = await startEmbeddedPostgres(dataDir);
    keyEncryptionKey ??= await loadOrCreateLocalKeyEncryptionKey(dataDir);
  } else if (!keyEncryptionKey) {
    throw new ConfigError('ACCTL_KEY_ENCRYPTION_KEY is required with DATABASE_URL: 32 random bytes in base64 (openssl rand -base64 32), the same on every replica');
  }
  try {
    let port = options.port ?? fromEnv.port ?? defaults.port;
    const host = options.host ?? fromEnv.host ?? defaults.host;
    if (port === 0) port = await findFreePort(host);
    const config = makeConfig({
      ...fromEnv,
      host,
      port,
      databaseUrl: databaseUrl ?? embedded!.databaseUrl,
      keyEncryptionKey: keyEncryptionKey!,
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    });
    const migrator = createKnex(config.databaseUrl, 1);
    try {
      const applied = await migrateToLatest(migrator);
      if (applied.length > 0) say(`Applied ${applied.length} migration(s)`);
      for (const line of await applyBootstrap(migrator, config.bootstrap)) say(`Bootstrap: ${line}`);
    } finally {
      await migrator.destroy();
    }
    const app = await buildApp(config);
    await app.listen({ host: config.host, port: config.port });
    let stopping: Promise<void> | undefined;
    const stop = (): Promise<void> =>
      (stopping ??= (async () => {
        await app.close();
        if (embedded) await embedded.stop();
      })());
    return { app, config, url: `${config.publicUrl}/v1`, embedded, stop };
  } catch (error) {
    if (embedded) await embedded.stop();
    throw error;
  }
}

/** SIGTERM/SIGINT stop the server cleanly once; a second signal exits at once. */
export function stopOnSignals(server: RunningServer, say: (line: string) => void = () => {}): void {
  let received = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (received) process.exit(130);
    received = true;
    say(`${signal}: finishing in-flight requests and shutting down`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  // embedded-postgres installs async-exit-hook, which stops PostgreSQL the moment a signal arrives,
  // under requests still in flight. Shutdown is ours: requests first, then the pool, then PostgreSQL.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, onSignal);
  }
}
