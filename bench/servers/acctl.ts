/**
 * The real acctl server for the HTTP benchmarks: buildApp on a database that is already migrated (and,
 * for the decision benchmarks, seeded with policies), with a client_credentials client allowed
 * evaluate:decisions and a token issued to it, as the tests do.
 *
 *   BENCH_DATABASE_URL=postgres://... node --import tsx bench/servers/acctl.ts
 *
 * Prints {"ready":true,"port":...,"token":"...","client_id":"...","client_secret":"..."} when listening.
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../server/src/app.js';
import { makeConfig, type Config } from '../../server/src/config/config.js';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { clientCredentialsToken, registerBenchClient } from './bench-client.js';
import { announceReady, stopOnRequest } from './child-protocol.js';

const databaseUrl = process.env.BENCH_DATABASE_URL;
if (!databaseUrl) throw new Error('set BENCH_DATABASE_URL to a migrated database');

const port = await findFreePort();
// One client sends far more than the spec's 10,000 decisions (or the address 1,000 token requests) a
// minute: the limits are set out of reach, so requests are counted (that cost is measured) but never refused.
const unreachable = 100_000_000;
// BENCH_AUDIT_DECISION_EVENTS: another auditDecisionEvents than the default (the digest server).
const auditDecisionEvents = (process.env.BENCH_AUDIT_DECISION_EVENTS || undefined) as Config['auditDecisionEvents'] | undefined;
const config = makeConfig({
  databaseUrl,
  keyEncryptionKey: randomBytes(32).toString('base64'),
  logLevel: 'silent',
  port,
  rateLimitStandard: unreachable,
  rateLimitDecision: unreachable,
  rateLimitBulk: unreachable,
  ...(auditDecisionEvents ? { auditDecisionEvents } : {}),
});
const app = await buildApp(config);

await app.listen({ host: config.host, port });
// BENCH_CLIENT_SCOPES: other benchmarks' clients (the gitops one writes policies).
const client = await registerBenchClient(app, process.env.BENCH_CLIENT_SCOPES?.split(' ') ?? ['evaluate:decisions']);
const token = await clientCredentialsToken(`http://127.0.0.1:${port}`, client);

stopOnRequest(() => app.close());
announceReady({ port, token, client_id: client.clientId, client_secret: client.clientSecret });
