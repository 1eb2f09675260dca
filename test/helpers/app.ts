import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../server/src/app.js';
import { makeConfig, type Config } from '../../server/src/config/config.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { insertClient } from '../../server/src/domains/oauth/clients-repo.js';
import { generateSecret } from '../../core/src/index.js';
import { hashSecret } from '../../server/src/security/secrets.js';
import { newRsaKeyPair, type RsaKeyPair } from '../../server/src/keys/signing-key-store.js';
import { freshDatabase } from './database.js';

/** The scrypt cost (log2 N) of the tests that are not about hashing: ~1/32 of the production work. */
export const testPasswordHashCost = 12;

export interface TestApp {
  app: FastifyInstance;
  config: Readonly<Config>;
  /** Base URL of the REST API when started with `listen: true`. */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * One RSA key pair per test process, made at the first app's start and the first key of every
 * database an app here starts on (BuildAppOptions.firstKeyPair): a pair costs 0.2 s of CPU, and the
 * suite starts hundreds of apps. Apps on one database share its keys as replicas do; a rotation
 * makes a new pair. A test about tokens crossing deployments gives its apps a pair each
 * (`buildOptions: { firstKeyPair: newRsaKeyPair }`).
 */
let processKeyPair: Promise<RsaKeyPair> | undefined;
const sharedKeyPair = (): Promise<RsaKeyPair> => (processKeyPair ??= newRsaKeyPair());

/**
 * The real app on a fresh database. With `listen`, it serves real HTTP on a loopback port;
 * otherwise tests use inject(). `databaseUrl` shares a database between instances (replicas).
 */
export async function startTestApp(
  options: { listen?: boolean; databaseUrl?: string; config?: Partial<Config>; buildOptions?: BuildAppOptions } = {},
): Promise<TestApp> {
  const port = options.listen ? await findFreePort() : 8080;
  const config = makeConfig({
    databaseUrl: options.databaseUrl ?? (await freshDatabase()),
    keyEncryptionKey: randomBytes(32).toString('base64'),
    logLevel: process.env.ACCTL_TEST_LOG ? 'debug' : 'silent',
    port,
    // scrypt at 2^12, not the production 2^17: the tests that need hashes slower than requests arrive
    // (throttle-scrypt-concurrency) or the production cost itself (the attack suite) ask for more.
    passwordHashCost: testPasswordHashCost,
    ...options.config,
  });
  const app = await buildApp(config, { firstKeyPair: sharedKeyPair, ...options.buildOptions });
  if (options.listen) await app.listen({ host: config.host, port });
  return { app, config, baseUrl: `${config.publicUrl}/v1`, close: () => app.close() };
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
}

/** Registers a confidential client_credentials client allowed the given scopes (acting as an agent principal when given one). */
export async function registerClient(
  app: Pick<FastifyInstance, 'db'>,
  scopes: string[],
  options: { secret?: string; grantTypes?: string[]; agentPrincipalId?: string } = {},
): Promise<TestClient> {
  const clientId = `test-client-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.secret ?? generateSecret('client_secret');
  await insertClient(app.db, {
    client_id: clientId,
    name: 'Test client',
    client_type: 'confidential',
    secret_hash: hashSecret(clientSecret),
    grant_types: options.grantTypes ?? ['client_credentials'],
    redirect_uris: [],
    allowed_scopes: scopes,
    created_by: 'test',
    ...(options.agentPrincipalId ? { agent_principal_id: options.agentPrincipalId } : {}),
  });
  return { clientId, clientSecret };
}

/** An access token from the real token endpoint. */
export async function accessToken(app: FastifyInstance, client: TestClient, scope?: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/oauth/token',
    payload: { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.clientSecret, ...(scope ? { scope } : {}) },
  });
  if (response.statusCode !== 200) throw new Error(`token request failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { access_token: string }).access_token;
}
