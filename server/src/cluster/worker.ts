/**
 * A worker process of `acctl server start --workers N` (primary.ts forks it): builds the app from
 * the configuration the primary resolved, and listens on the primary's host and port (the cluster
 * module shares the socket). Migrations, bootstrap and the embedded database are the primary's.
 */
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.js';
import { isStopMessage, workerConfigVariable, type StartFailedMessage } from './messages.js';

if (!cluster.isWorker) throw new Error('server/src/cluster/worker.ts runs only in a process forked by acctl server start --workers');

let app: FastifyInstance | undefined;
let listening = false;
let stopping = false;

/** As a single server stops (server.ts): requests in flight complete, then the pool closes. */
const stop = (): void => {
  // Asked while starting: no request can be in flight yet.
  if (!listening) process.exit(0);
  if (stopping || !app) return;
  stopping = true;
  app.log.info('worker closing: finishing in-flight requests');
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
// Listened for from the start, so a stop sent while this worker starts is not lost (the primary
// also ends a worker that is not listening yet with SIGTERM).
process.on('message', (message: unknown) => {
  if (isStopMessage(message)) stop();
});
// Ctrl-C reaches every process of the terminal's group, the primary too, which then stops the others:
// each worker finishes its requests. A second signal ends it at once, as it does the primary.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => (stopping ? process.exit(130) : stop()));

const serialized = process.env[workerConfigVariable];
// Nothing this process starts needs it.
delete process.env[workerConfigVariable];
try {
  if (!serialized) throw new Error(`the primary process passed no configuration (${workerConfigVariable})`);
  // Imported only now: the handlers above must be in place while the server's modules load.
  const [{ makeConfig }, { buildApp }] = await Promise.all([import('../config/config.js'), import('../app.js')]);
  const config = makeConfig(JSON.parse(serialized) as Config);
  app = await buildApp(config, { clusterWorker: true });
  await app.listen({ host: config.host, port: config.port });
  listening = true;
} catch (error) {
  const failure: StartFailedMessage = {
    type: 'acctl:start-failed',
    message: (error as Error).message,
    ...(typeof (error as { code?: unknown }).code === 'string' ? { code: (error as { code: string }).code } : {}),
  };
  await app?.close().catch(() => undefined);
  process.send!(failure, undefined, {}, () => process.exit(1));
}
