/**
 * The server under `npm run soak` (scripts/soak.ts), in a process of its own so that its memory is
 * its own: the real startServer() (migrations, bootstrap, listen) with the environment it is given.
 * It sends `{ type: 'ready', url }` when it listens, answers `{ type: 'sample' }` with its memory
 * after a full garbage collection (run with --expose-gc, so what is measured is what is kept, not
 * garbage not yet collected), and stops cleanly on `{ type: 'stop' }` or when the parent goes away.
 */
import { startServer } from '../server/src/server.js';

const server = await startServer({ port: 0, env: process.env });
const send = (message: object): void => void process.send?.(message);
let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await server.stop().catch((error: unknown) => console.error(error));
  process.exit(0);
};

process.on('message', (message: { type: string }) => {
  if (message.type === 'sample') {
    (globalThis as { gc?: () => void }).gc?.();
    send({ type: 'sample', memory: process.memoryUsage() });
  }
  if (message.type === 'stop') void stop();
});
process.on('disconnect', () => void stop());
send({ type: 'ready', url: server.url });
