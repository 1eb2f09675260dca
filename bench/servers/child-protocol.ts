/**
 * How a benchmark server talks to bench/run.ts: one JSON line on stdout when it listens (the parent
 * waits for `"ready":true`), then messages on the IPC channel:
 * - `{ type: 'stats' }`: answered with the process's CPU time and event-loop use (ServerStats);
 * - `{ type: 'loop-delay-start' }`, `{ type: 'loop-delay-stop' }`: how late the event loop ran
 *   between the two (garbage collection, long tasks, or the process waiting for a core), answered
 *   `{ type: 'loop-delay', value }` (LoopDelay); off otherwise, so no other figure pays its timer;
 * - `{ type: 'profile-start' }`, `{ type: 'profile-stop', file }`: a V8 CPU profile of just the time
 *   between the two, written to `file` (answered `{ type: 'profile', file }`);
 * - `{ type: 'stop' }`: closes the server and exits.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

export interface ReadyLine {
  ready: true;
  port: number;
  [key: string]: unknown;
}

export type ParentMessage =
  | { type: 'stop' }
  | { type: 'stats' }
  | { type: 'profile-start' }
  | { type: 'profile-stop'; file: string }
  | { type: 'loop-delay-start' }
  | { type: 'loop-delay-stop' };

export interface ServerStats {
  /** process.cpuUsage(), microseconds since the process started. */
  cpu: NodeJS.CpuUsage;
  /** performance.eventLoopUtilization() since the process started. */
  event_loop: { idle: number; active: number; utilization: number };
}

/** How late the event loop's 1 ms timer fired between loop-delay-start and -stop, in ms (this process's loop only). */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

export function announceReady(fields: Omit<ReadyLine, 'ready'>): void {
  process.stdout.write(`${JSON.stringify({ ready: true, ...fields })}\n`);
}

/** `stats`: what `{ type: 'stats' }` answers, when this process alone is not the whole server (servers/acctl-cluster.ts). */
export function stopOnRequest(close: () => Promise<unknown>, options: { stats?: () => ServerStats } = {}): void {
  let stopping = false;
  let profiler: Session | undefined;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await close().catch((error: unknown) => console.error(error));
    process.exit(0);
  };
  const reply = (message: object): void => void process.send?.(message);
  // 1 ms resolution: the histogram's timer is late by what blocks or deschedules the loop.
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  const loopDelayMeasured = (): LoopDelay => {
    // The histogram holds the timer's intervals: less its 1 ms, how late each firing was.
    const ms = (ns: number) => Number(Math.max(0, ns / 1e6 - 1).toFixed(2));
    return { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) };
  };
  process.on('message', (message: ParentMessage) => {
    switch (message.type) {
      case 'stop':
        void stop();
        break;
      case 'stats':
        reply({
          type: 'stats',
          value: options.stats?.() ?? ({ cpu: process.cpuUsage(), event_loop: performance.eventLoopUtilization() } satisfies ServerStats),
        });
        break;
      case 'loop-delay-start':
        loopDelay.reset();
        loopDelay.enable();
        reply({ type: 'loop-delay-started' });
        break;
      case 'loop-delay-stop':
        loopDelay.disable();
        reply({ type: 'loop-delay', value: loopDelayMeasured() });
        break;
      case 'profile-start':
        profiler = new Session();
        profiler.connect();
        void profiler
          .post('Profiler.enable')
          .then(() => profiler?.post('Profiler.start'))
          .then(() => reply({ type: 'profile-started' }));
        break;
      case 'profile-stop':
        void profiler
          ?.post('Profiler.stop')
          .then(({ profile }) => writeFile(message.file, JSON.stringify(profile)))
          .then(() => {
            profiler?.disconnect();
            reply({ type: 'profile', file: message.file });
          });
        break;
    }
  });
  // The parent went away without saying stop (crash, Ctrl-C): do not outlive it.
  process.on('disconnect', () => void stop());
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
