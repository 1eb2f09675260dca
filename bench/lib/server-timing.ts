/**
 * The server's own time for a call, as its Server-Timing header tells it (`total`: from the
 * request's arrival to the answer being ready; `record`: waiting for the decisions' write and
 * commit): issue #5 sets its batch goal in server time, which the client's latency overstates by
 * the network, the client and the response's transfer.
 */
import { postDecisions, type DecisionServer } from './acctl-server.js';
import { percentiles, type Percentiles } from './stats.js';

export interface ServerTimed {
  calls: number;
  failures: number;
  /** As the client saw it (fetch, one call after another). */
  latency_ms: Percentiles;
  server_total_ms: Percentiles;
  server_record_ms: Percentiles;
}

/** One call after another for `seconds`, each body counted in the target's ledger as `decisions` decisions. */
export async function serverTimedCalls(target: DecisionServer, route: string, body: unknown, decisions: number, seconds: number): Promise<ServerTimed> {
  const latency: number[] = [];
  const total: number[] = [];
  const record: number[] = [];
  let failures = 0;
  const ends = performance.now() + seconds * 1000;
  while (performance.now() < ends) {
    const started = performance.now();
    const answer = await postDecisions(target, route, body, decisions);
    const elapsed = performance.now() - started;
    const timing = readServerTiming(answer.headers.get('server-timing'));
    if (answer.status !== 200 || !timing) {
      failures++;
      continue;
    }
    latency.push(elapsed);
    total.push(timing.total);
    record.push(timing.record);
  }
  return {
    calls: latency.length,
    failures,
    latency_ms: percentiles(latency, 2),
    server_total_ms: percentiles(total, 2),
    server_record_ms: percentiles(record, 2),
  };
}

/** `record;dur=1.234, total;dur=5.678` (W3C Server Timing); null when either is missing. */
export function readServerTiming(header: string | null): { record: number; total: number } | null {
  if (!header) return null;
  const durations = new Map<string, number>();
  for (const metric of header.split(',')) {
    const [name, ...parameters] = metric.trim().split(';');
    const duration = parameters.map((parameter) => /^dur=([\d.]+)$/.exec(parameter.trim())?.[1]).find((value) => value !== undefined);
    if (name && duration !== undefined) durations.set(name, Number(duration));
  }
  const recordMs = durations.get('record');
  const totalMs = durations.get('total');
  return recordMs === undefined || totalMs === undefined ? null : { record: recordMs, total: totalMs };
}
