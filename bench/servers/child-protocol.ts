/**
 * How a benchmark server talks to bench/run.ts: one JSON line on stdout when it listens (the parent
 * waits for `"ready":true`), then messages on the IPC channel: `{ type: 'stop' }` closes the server
 * and exits normally (so --cpu-prof can write its profile), `{ type: 'stats' }` is answered by the
 * server's `stats` callback.
 */
export interface ReadyLine {
  ready: true;
  port: number;
  [key: string]: unknown;
}

export type ParentMessage = { type: 'stop' } | { type: 'stats' };

export function announceReady(fields: Omit<ReadyLine, 'ready'>): void {
  process.stdout.write(`${JSON.stringify({ ready: true, ...fields })}\n`);
}

export function stopOnRequest(close: () => Promise<unknown>, stats: () => Promise<unknown> | unknown = () => ({})): void {
  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await close().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void stop();
    else if (message.type === 'stats') void Promise.resolve(stats()).then((value) => process.send?.({ type: 'stats', value }));
  });
  // The parent went away without saying stop (crash, Ctrl-C): do not outlive it.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
