/**
 * Several server processes on one host (issue #11: one Node process uses one core). The primary
 * process, once server.ts has started the database, migrated and bootstrapped, forks
 * `config.workers` workers (worker.ts) with node:cluster; each builds the app and listens on the
 * same host and port, whose socket the cluster module shares. The primary serves no request:
 * it keeps the workers running and counts rate limits for them when there is no Redis
 * (plugins/rate-limits/cluster-window-counter.ts).
 */
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, type Config } from '../config/config.js';
import { listenForWorkersScrapes } from '../metrics/cluster.js';
import { answerWindowCounts } from '../plugins/rate-limits/cluster-window-counter.js';
import { MemoryWindowCounter } from '../plugins/rate-limits/window-counter.js';
import { isStartFailedMessage, stopMessage, workerConfigVariable, type StartFailedMessage } from './messages.js';

export interface RunningCluster {
  /** Tells every worker to finish its requests in flight and close, and waits until all have exited. */
  stop(): Promise<void>;
  /**
   * Resolves (it never rejects) with the reason once the primary stopped replacing workers that
   * keep exiting; by then the other workers are stopped too.
   */
  failed: Promise<Error>;
}

export interface ClusterReporting {
  /** Status lines while starting. */
  say: (line: string) => void;
  /** What happens to the workers afterwards (one exited, its replacement listens): for the operator, even with --json. */
  warn: (line: string) => void;
}

/** A worker that exits is replaced after 250 ms, 500 ms, 1 s, ... (doubling with each recent exit), at most 10 s. */
const firstReplacementDelayMs = 250;
const longestReplacementDelayMs = 10_000;
/** This many exits within the window, and the primary gives up (a supervisor may start it again). */
const maxExitsInWindow = 5;
const exitWindowMs = 60_000;

/** Forks the workers and resolves once every one listens; rejects, with every worker stopped, if one cannot start. */
export async function startCluster(config: Readonly<Config>, { say, warn }: ClusterReporting): Promise<RunningCluster> {
  if (!cluster.isPrimary)
    throw new ConfigError(
      `${config.workers} workers need a primary process, and this one is already a worker of a cluster (pm2's cluster mode?): run it with ACCTL_WORKERS=1 there`,
    );
  cluster.setupPrimary({ exec: workerEntry.file, execArgv: workerEntry.execArgv, args: [] });
  // Bootstrap secrets stay here: the workers only serve.
  const env = { [workerConfigVariable]: JSON.stringify({ ...config, bootstrap: {} }), ...workerEntry.env };
  const counts = new MemoryWindowCounter();
  const live = new Set<Worker>();
  const listeningWorkers = new Set<Worker>();
  const listening = (): number => listeningWorkers.size;
  const replacements = new Set<NodeJS.Timeout>();
  const recentExits: number[] = [];
  let supervising = false;
  let stopping = false;
  let giveUp!: (reason: Error) => void;
  const failed = new Promise<Error>((resolve) => (giveUp = resolve));

  const stopWorkers = async (): Promise<void> => {
    stopping = true;
    for (const timer of replacements) clearTimeout(timer);
    await Promise.all(
      [...live].map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            // One still starting has no request in flight, and may not listen for messages yet.
            if (worker.isConnected() && listeningWorkers.has(worker)) worker.send(stopMessage);
            else worker.process.kill('SIGTERM');
          }),
      ),
    );
  };

  const onUnexpectedExit = (worker: Worker, code: number | null, signal: string | null): void => {
    const now = Date.now();
    recentExits.push(now);
    while (recentExits[0]! <= now - exitWindowMs) recentExits.shift();
    const how = describeExit(code, signal);
    if (recentExits.length >= maxExitsInWindow) {
      const reason = new Error(
        `${recentExits.length} worker processes exited within ${exitWindowMs / 1000} s (the last one ${how}): giving up rather than restarting them in a loop`,
      );
      void stopWorkers().then(() => giveUp(reason));
      return;
    }
    const delayMs = Math.min(longestReplacementDelayMs, firstReplacementDelayMs * 2 ** (recentExits.length - 1));
    warn(`Worker process ${worker.process.pid} ${how}; starting another in ${delayMs} ms`);
    const timer = setTimeout(() => {
      replacements.delete(timer);
      if (stopping) return;
      const replacement = fork();
      replacement.once('listening', () => warn(`Worker process ${replacement.process.pid} is listening: ${listening()} of ${config.workers} workers`));
    }, delayMs);
    replacements.add(timer);
  };

  const fork = (): Worker => {
    const worker = cluster.fork(env);
    live.add(worker);
    answerWindowCounts(worker, counts);
    worker.once('listening', () => listeningWorkers.add(worker));
    worker.once('exit', (code: number | null, signal: string | null) => {
      live.delete(worker);
      listeningWorkers.delete(worker);
      if (supervising && !stopping) onUnexpectedExit(worker, code, signal);
    });
    return worker;
  };

  // The first worker alone, then the others together: what a fresh database gets once (the job
  // queues pg-boss creates at the first start, the first signing key) is made by one process.
  // (Replicas that start together are safe too: JobQueue.start and createQueue take turns under a lock.)
  try {
    await untilListening(fork());
    const outcomes = await Promise.allSettled(Array.from({ length: config.workers - 1 }, () => untilListening(fork())));
    const failure = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failure) throw failure.reason;
  } catch (error) {
    await stopWorkers();
    throw error;
  }
  supervising = true;
  say(`${config.workers} worker processes are listening (pids ${[...live].map((worker) => worker.process.pid).join(', ')})`);
  // The workers' metrics, added up, on the metrics port (metricsPort): the primary's, as the port is the host's.
  const metrics =
    config.metricsPort === 0
      ? undefined
      : await listenForWorkersScrapes(config.metricsHost, config.metricsPort, { error: (_details, message) => warn(message) }).catch(async (error: unknown) => {
          await stopWorkers();
          throw error;
        });
  let stoppingAll: Promise<void> | undefined;
  return {
    stop: () => (stoppingAll ??= Promise.all([stopWorkers(), metrics?.close()]).then(() => undefined)),
    failed,
  };
}

/** Resolves when the worker listens; rejects with its own start error (EADDRINUSE keeps its code) if it exits first. */
function untilListening(worker: Worker): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: StartFailedMessage | undefined;
    const onMessage = (message: unknown): void => {
      if (isStartFailedMessage(message)) failure = message;
    };
    const onExit = (code: number | null, signal: string | null): void => {
      worker.off('message', onMessage);
      const error = new Error(failure?.message ?? `a worker process ${describeExit(code, signal)} before it listened`);
      reject(failure?.code ? Object.assign(error, { code: failure.code }) : error);
    };
    worker.on('message', onMessage);
    worker.once('exit', onExit);
    worker.once('listening', () => {
      worker.off('message', onMessage);
      worker.off('exit', onExit);
      resolve();
    });
  });
}

function describeExit(code: number | null, signal: string | null): string {
  return signal ? `was ended by ${signal}` : `exited with code ${code}`;
}

/**
 * What the workers run: worker.js beside this file in the build (dist/), worker.ts when the primary
 * itself runs the sources through tsx (bin/dev.js registers tsx in its own process, which forks do
 * not inherit; `node --import tsx` is in execArgv, which they do).
 */
const workerEntry = ((): { file: string; execArgv: string[]; env: Record<string, string> } => {
  const here = fileURLToPath(import.meta.url);
  const extension = path.extname(here);
  const file = path.join(path.dirname(here), `worker${extension}`);
  if (extension !== '.ts') return { file, execArgv: process.execArgv, env: {} };
  // Node's and tsx's own variables (forks inherit NODE_OPTIONS), not settings of acctl.
  const { NODE_OPTIONS: nodeOptions = '' } = process.env;
  const tsxPreloaded = [...process.execArgv, nodeOptions].some((arg) => /(^|[\s=/])tsx(\/esm)?(\s|$)/.test(arg) || arg.includes('/tsx/dist/'));
  const tsconfig = path.resolve(path.dirname(here), '../../../tsconfig.json');
  return {
    file,
    execArgv: tsxPreloaded ? process.execArgv : [...process.execArgv, '--import', import.meta.resolve('tsx')],
    env: !('TSX_TSCONFIG_PATH' in process.env) && existsSync(tsconfig) ? { TSX_TSCONFIG_PATH: tsconfig } : {},
  };
})();
