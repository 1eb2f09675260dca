import type { ChildProcess } from 'node:child_process';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { spawnCli } from '../cli/run-cli.js';
import { delay, httpCall } from '../helpers/http.js';

/** What a server process needs to start on a database, and again after a crash on the same one. */
export interface ServerProcessOptions {
  databaseUrl: string;
  /** The same key on every start, or the restarted server cannot read the keys it stored. */
  keyEncryptionKey: string;
  clientId: string;
  clientSecret: string;
  /** ACCTL_LOG_LEVEL of the process (default `error`); `info` logs each request's arrival and completion on its stdout. */
  logLevel?: string;
}

/**
 * `acctl server start` as its own process (so it can be SIGKILLed) on a free port, once it answers
 * /v1/ready: the process and its base URL (…/v1). Its stdout flows (resumed): a caller may listen to it.
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<{ process: ChildProcess; baseUrl: string }> {
  const port = await findFreePort();
  const child = spawnCli(['server', 'start', '--port', String(port), '--database-url', options.databaseUrl], {
    ACCTL_KEY_ENCRYPTION_KEY: options.keyEncryptionKey,
    ACCTL_BOOTSTRAP_CLIENT_ID: options.clientId,
    ACCTL_BOOTSTRAP_CLIENT_SECRET: options.clientSecret,
    ACCTL_LOG_LEVEL: options.logLevel ?? 'error',
  });
  child.stdout!.resume();
  child.stderr!.resume();
  const baseUrl = `http://127.0.0.1:${port}/v1`;
  const deadline = Date.now() + 60_000;
  while (
    (await fetch(`${baseUrl}/ready`).then(
      (r) => r.status,
      () => 0,
    )) !== 200
  ) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not become ready');
    }
    await delay(100);
  }
  return { process: child, baseUrl };
}

/** GETs every path under `baseUrl` with a few requests at a time; the statuses and bodies, in order. */
export async function readAll(baseUrl: string, token: string, paths: string[]): Promise<Array<{ status: number; body: any }>> {
  const answers: Array<{ status: number; body: any }> = new Array(paths.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      for (let i = next++; i < paths.length; i = next++) answers[i] = await httpCall(`${baseUrl}${paths[i]}`, { token });
    }),
  );
  return answers;
}
