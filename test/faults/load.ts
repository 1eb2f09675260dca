import { randomBytes } from 'node:crypto';
import { httpCall } from '../helpers/http.js';

/** What one request of the load got: a status, or `failed` when no answer came (connection refused or reset, timeout). */
export interface Outcome {
  kind: 'decision' | 'policy_write';
  status: number | 'failed';
  error?: string;
  /** The body of a non-2xx answer. */
  problem?: { code?: string; status?: number };
  contentType?: string | null;
}

/** A policy write the server acknowledged (2xx): the policy, the version it answered, and the rules sent. */
export interface AcknowledgedPolicy {
  id: string;
  name: string;
  version: number;
  rules: Array<Record<string, unknown>>;
}

export const allowReadDocs = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'doc', identifiers: ['*'] }, actions: ['read'] };
const decisionBody = { principal: { type: 'USER', id: 'u-load' }, resource: { type: 'doc', identifier: 'd-1' }, action: 'read' };

/**
 * Decision and policy-write traffic from `workers` concurrent clients against `baseUrl()` (…/v1),
 * read afresh for each request, so the load can follow a restarted server. It keeps what the server
 * acknowledged (2xx), for the test to find again after a fault. `requestTimeoutMs` bounds each
 * request so a hang shows as a `failed` outcome with a timeout, not as a stuck test.
 */
export class Load {
  readonly outcomes: Outcome[] = [];
  readonly decisions: string[] = [];
  /** Acknowledged creations (version 1). */
  readonly policies: AcknowledgedPolicy[] = [];
  /** Acknowledged updates of the policies in `updating`. */
  readonly updates: AcknowledgedPolicy[] = [];
  /** The rules of every policy write sent, acknowledged or not, by their unique resource identifier. */
  readonly sentRules = new Map<string, Array<Record<string, unknown>>>();
  private running = true;
  private readonly done: Promise<void[]>;
  private readonly run = randomBytes(3).toString('hex');
  private counter = 0;

  constructor(
    private readonly baseUrl: () => string,
    private readonly token: string,
    options: { workers?: number; policyWriteEvery?: number; requestTimeoutMs?: number; updating?: Array<{ id: string; name: string }> } = {},
  ) {
    const updating = options.updating ?? [];
    const every = options.policyWriteEvery ?? 5;
    const timeoutMs = options.requestTimeoutMs ?? 15_000;
    this.done = Promise.all(
      Array.from({ length: options.workers ?? 8 }, async () => {
        while (this.running) {
          const n = ++this.counter;
          if (n % every !== 0) await this.decide(timeoutMs);
          // With policies to update, every other write is a new version of one of them.
          else if (updating.length > 0 && (n / every) % 2 === 0) await this.updatePolicy(updating[(n / every / 2) % updating.length]!, n, timeoutMs);
          else await this.writePolicy(n, timeoutMs);
        }
      }),
    );
  }

  get acknowledged(): number {
    return this.decisions.length + this.policies.length + this.updates.length;
  }

  /** Stops sending and waits for the requests in flight. */
  async stop(): Promise<void> {
    this.running = false;
    await this.done;
  }

  private async decide(timeoutMs: number): Promise<void> {
    const outcome = await this.send('decision', `${this.baseUrl()}/decisions/evaluate`, decisionBody, timeoutMs);
    if (outcome?.status === 200) this.decisions.push(outcome.body.id);
  }

  private async writePolicy(n: number, timeoutMs: number): Promise<void> {
    const name = `load-${this.run}-${n}`;
    // Each policy's content is its own, so a half-written or mixed-up version would show.
    const rules = [{ ...allowReadDocs, resources: { type: 'doc', identifiers: [`${name}-*`] } }];
    this.sentRules.set(`${name}-*`, rules);
    const outcome = await this.send('policy_write', `${this.baseUrl()}/policies`, { name, status: 'active', rules }, timeoutMs);
    if (outcome?.status === 201) this.policies.push({ id: outcome.body.id, name, version: outcome.body.version, rules });
  }

  private async updatePolicy(policy: { id: string; name: string }, n: number, timeoutMs: number): Promise<void> {
    const identifier = `${policy.name}-v${this.run}-${n}-*`;
    const rules = [{ ...allowReadDocs, resources: { type: 'doc', identifiers: [identifier] } }];
    this.sentRules.set(identifier, rules);
    const outcome = await this.send('policy_write', `${this.baseUrl()}/policies/${policy.id}`, { name: policy.name, rules }, timeoutMs, 'PUT');
    if (outcome?.status === 200) this.updates.push({ id: policy.id, name: policy.name, version: outcome.body.version, rules });
  }

  private async send(
    kind: Outcome['kind'],
    url: string,
    body: unknown,
    timeoutMs: number,
    method = 'POST',
  ): Promise<{ status: number; body: any } | undefined> {
    try {
      const answer = await httpCall(url, { method, token: this.token, body, signal: AbortSignal.timeout(timeoutMs) });
      const outcome: Outcome = { kind, status: answer.status, contentType: answer.headers.get('content-type') };
      if (answer.status >= 300) outcome.problem = answer.body;
      this.outcomes.push(outcome);
      return answer;
    } catch (error) {
      this.outcomes.push({ kind, status: 'failed', error: (error as Error).name === 'TimeoutError' ? 'timeout' : String((error as Error).cause ?? error) });
      // No server to answer (it was killed, or is restarting): do not spin.
      await new Promise((resolve) => setTimeout(resolve, 50));
      return undefined;
    }
  }
}

/** Counts of outcomes by status, for assertion messages. */
export function tally(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = `${outcome.kind}:${outcome.status}${outcome.error === 'timeout' ? ':timeout' : ''}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
