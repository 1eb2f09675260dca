/**
 * Load generators, all in this process and all over keep-alive connections:
 * - closed loop (autocannon): a fixed number of connections, each sending its next request when the
 *   last one is answered: the peak throughput;
 * - autocannon's own rate limit (`overallRate`): each connection sends its share of the second's
 *   requests as soon as the second starts, so the load comes in bursts at full concurrency;
 * - paced (paced-client.ts): requests evenly spaced at a fixed rate, latency counted from when each request
 *   was due (so a slow answer that delays the next requests is not hidden: no coordinated omission).
 */
import { setTimeout as delay } from 'node:timers/promises';
import autocannon from 'autocannon';
import type { DecisionLedger } from './ledger.js';
import { PacedClient } from './paced-client.js';
import { percentiles, type Percentiles } from './stats.js';

export interface LoadTarget {
  url: string;
  path: string;
  method: 'POST' | 'GET';
  headers: Record<string, string>;
  /** Sent in turn, one per request. */
  bodies: string[];
  /** Decisions (or tokens) per successful request: 1, or the batch size. */
  itemsPerRequest: number;
  /** Decision requests: each gets its own X-Request-Id from the ledger, which learns of each 2xx answer. */
  ledger?: DecisionLedger;
  /** Headers of each request's own (a DPoP proof, used once), beside `headers`. */
  headersFor?: () => Record<string, string>;
}

export interface LoadResult {
  seconds: number;
  connections: number;
  /** Successful (2xx) requests. */
  ok: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
  requests_per_second: number;
  items_per_second: number;
  latency_ms: { p50: number; p90: number; p99: number; max: number; mean: number };
  /** Target rate of a rate-limited run, requests per second. */
  target_rate?: number;
}

interface RawRun {
  seconds: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencies: number[];
}

/** One autocannon run; latencies of the 2xx responses as they arrive. */
function autocannonRun(
  target: LoadTarget,
  options: { seconds: number; connections: number; overallRate?: number },
): Promise<{ raw: RawRun; result: autocannon.Result }> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: target.url,
        connections: options.connections,
        pipelining: 1,
        duration: options.seconds,
        headers: target.headers,
        requests: target.bodies.map((body) => ({
          method: target.method,
          path: target.path,
          body,
          ...(target.ledger ? tracked(target.ledger, target.itemsPerRequest) : {}),
          ...(target.headersFor ? ownHeaders(target.headersFor) : {}),
        })),
        ...(options.overallRate ? { overallRate: options.overallRate } : {}),
      },
      (error, result) => {
        if (error) reject(error as Error);
        else
          resolve({
            raw: { seconds: result.duration, ok: result['2xx'], non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, latencies },
            result,
          });
      },
    );
    // @types/autocannon leaves out the first argument, the client.
    (instance as unknown as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
    });
  });
}

/** autocannon hooks that give each request its own id and report the ids of the 2xx answers. */
function tracked(ledger: DecisionLedger, decisions: number): Pick<autocannon.Request, 'setupRequest' | 'onResponse'> {
  return {
    setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-request-id': ledger.next(decisions) } }),
    onResponse: (status, _body, _context, headers) => {
      if (status >= 200 && status < 300) ledger.acknowledge(headers?.['x-request-id']);
    },
  };
}

/** An autocannon hook adding each request's own headers. */
function ownHeaders(headersFor: () => Record<string, string>): Pick<autocannon.Request, 'setupRequest'> {
  return { setupRequest: (request) => ({ ...request, headers: { ...request.headers, ...headersFor() } }) };
}

/** The runs' figures; no runs at all read as zero throughput. */
export function summarise(target: LoadTarget, runs: RawRun[], connections: number): LoadResult {
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const ok = runs.reduce((sum, run) => sum + run.ok, 0);
  const latencies = runs.flatMap((run) => run.latencies);
  const mean = latencies.length ? latencies.reduce((sum, value) => sum + value, 0) / latencies.length : 0;
  return {
    seconds: round(seconds, 2),
    connections,
    ok,
    non_2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    requests_per_second: seconds > 0 ? Math.round(ok / seconds) : 0,
    items_per_second: seconds > 0 ? Math.round((ok * target.itemsPerRequest) / seconds) : 0,
    latency_ms: { ...percentiles(latencies, 3), mean: round(mean) },
  };
}

export interface ClosedLoopOptions<K extends string> {
  seconds: number;
  connections: number;
  rounds: number;
  warmUpSeconds: number;
  /** Called around every run, warm-ups included (to read the server's counters). */
  beforeRun?: (key: K, phase: 'warm-up' | 'measured') => Promise<void> | void;
  afterRun?: (key: K, phase: 'warm-up' | 'measured', result: { ok: number }) => Promise<void> | void;
}

/**
 * Peak throughput of every target, measured in interleaved rounds after a warm-up each: on a shared
 * machine, load from elsewhere then weighs on all targets alike and the ratios between them hold.
 */
export async function closedLoop<K extends string>(targets: Record<K, LoadTarget>, options: ClosedLoopOptions<K>): Promise<Record<K, LoadResult>> {
  const entries = Object.entries(targets) as [K, LoadTarget][];
  for (const [key, target] of entries) {
    await options.beforeRun?.(key, 'warm-up');
    const { raw } = await autocannonRun(target, { seconds: options.warmUpSeconds, connections: options.connections });
    await options.afterRun?.(key, 'warm-up', raw);
  }
  const runs = new Map<K, RawRun[]>(entries.map(([key]) => [key, []]));
  const perRound = Math.max(1, Math.round(options.seconds / options.rounds));
  for (let round = 0; round < options.rounds; round += 1) {
    for (let offset = 0; offset < entries.length; offset += 1) {
      const [key, target] = entries[(round + offset) % entries.length] as [K, LoadTarget];
      await options.beforeRun?.(key, 'measured');
      const { raw } = await autocannonRun(target, { seconds: perRound, connections: options.connections });
      await options.afterRun?.(key, 'measured', raw);
      runs.get(key)?.push(raw);
    }
  }
  return Object.fromEntries(entries.map(([key, target]) => [key, summarise(target, runs.get(key) ?? [], options.connections)])) as Record<K, LoadResult>;
}

/** One closed-loop run (no warm-up). */
export async function singleRun(target: LoadTarget, options: { seconds: number; connections: number }): Promise<LoadResult> {
  const { raw } = await autocannonRun(target, options);
  return summarise(target, [raw], options.connections);
}

/**
 * autocannon at `overallRate` requests per second. Its latencies are its own, corrected for
 * coordinated omission; the load arrives in a burst at the start of each second.
 */
export async function autocannonAtRate(target: LoadTarget, options: { seconds: number; connections: number; rate: number }): Promise<LoadResult> {
  const { raw, result } = await autocannonRun(target, { seconds: options.seconds, connections: options.connections, overallRate: options.rate });
  const summary = summarise(target, [raw], Math.min(options.connections, options.rate));
  summary.latency_ms = {
    p50: round(result.latency.p50),
    p90: round(result.latency.p90),
    p99: round(result.latency.p99),
    max: round(result.latency.max),
    mean: round(result.latency.average),
  };
  summary.target_rate = options.rate;
  return summary;
}

/**
 * Requests evenly spaced at `rate` per second for `seconds` after `warmUpSeconds` at the same rate
 * (not counted), over `connections` keep-alive connections, one request in flight on each; a request
 * due while all are busy waits for the first free one. Latency runs from handing a request over
 * (which may then wait for a connection) to its last byte; `latency_from_due_ms` runs from when it
 * was due, and adds this process's own lateness (timers, garbage collection, a busy CPU). Waits for
 * every request handed over, so every answer is read. A minimal HTTP/1.1 client (paced-client.ts)
 * keeps the generator's own CPU use small: on 2 cores it competes with the server and the database.
 */
export async function paced(target: LoadTarget, options: { seconds: number; rate: number; connections: number; warmUpSeconds: number }): Promise<PacedResult> {
  const latencies: number[] = [];
  const fromDue: number[] = [];
  const serverTotal: number[] = [];
  const serverRecord: number[] = [];
  const run: RawRun = { seconds: options.seconds, ok: 0, non2xx: 0, errors: 0, timeouts: 0, latencies };
  const warmUp = Math.round(options.warmUpSeconds * options.rate);
  const total = warmUp + Math.round(options.seconds * options.rate);
  const intervalMs = 1000 / options.rate;
  const client = await PacedClient.connect(new URL(target.url), options.connections);
  const answered = new Promise<void>((resolve) => {
    let outstanding = total;
    client.onAnswer = (request, answer) => {
      const counted = request.index >= warmUp;
      if (answer.status >= 200 && answer.status < 300) {
        target.ledger?.acknowledge(answer.requestId);
        if (counted) {
          run.ok += 1;
          latencies.push(answer.at - request.handedAt);
          fromDue.push(answer.at - request.due);
          if (answer.serverTiming) {
            serverTotal.push(answer.serverTiming.total);
            serverRecord.push(answer.serverTiming.record);
          }
        }
      } else if (answer.status === 0) {
        if (counted) run.errors += 1;
      } else if (counted) run.non2xx += 1;
      outstanding -= 1;
      if (outstanding === 0) resolve();
    };
  });
  const started = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now is handed over.
    while (next < total && started + next * intervalMs <= now) {
      const body = target.bodies[next % target.bodies.length] ?? '';
      const requestId = target.ledger?.next(target.itemsPerRequest);
      client.send({
        index: next,
        due: started + next * intervalMs,
        handedAt: now,
        method: target.method,
        path: target.path,
        headers: requestId ? { ...target.headers, 'x-request-id': requestId } : target.headers,
        body,
      });
      next += 1;
    }
    await delay(1);
  }
  await answered;
  client.close();
  const summary = summarise(target, [run], options.connections);
  const due = summarise(target, [{ ...run, latencies: fromDue }], options.connections);
  const server = serverTotal.length > 0 ? { server_time: { total_ms: percentiles(serverTotal, 2), record_ms: percentiles(serverRecord, 2) } } : {};
  return { ...summary, target_rate: options.rate, latency_from_due_ms: due.latency_ms, ...server };
}

/**
 * A paced run: latency from when each request was handed over and from when it was due, and the
 * server's own time (its Server-Timing header, where it sends one): a tail the server's time does
 * not have was spent outside it (waiting for a core, in the kernel, in the generator).
 */
export type PacedResult = LoadResult & { latency_from_due_ms: LoadResult['latency_ms']; server_time?: { total_ms: Percentiles; record_ms: Percentiles } };

function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}
