import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { PolicyCreateRequest } from '../../core/src/index.js';
import { lockPolicySets } from '../../server/src/domains/policies/policy-sets-repo.js';

/** The spec's sample policy: read access to production databases in office hours, low risk, MFA. */
export function samplePolicy(overrides: Partial<PolicyCreateRequest> = {}): PolicyCreateRequest {
  return {
    name: 'database-read-access',
    description: 'Engineers read production databases in office hours',
    status: 'active',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'USER', attributes: { department: ['engineering'] } },
        resources: { type: 'database', identifiers: ['prod-db-*'] },
        actions: ['read'],
        conditions: [
          { type: 'time', operator: 'between', value: { start: '09:00', end: '17:00', timezone: 'America/New_York' } },
          { type: 'risk_score', operator: 'less_than', value: 50 },
          { type: 'mfa_verified', operator: 'equals', value: true },
        ],
      },
    ],
    metadata: { owner: 'platform-team', compliance: ['SOC2', 'HIPAA'] },
    ...overrides,
  };
}

/** The change sets' advisory lock, held by a test: what a long set does (10,000 rollbacks take seconds). */
export interface HeldSetsLock {
  /** The sessions waiting for the lock: a set in its transaction, its turn held. */
  blocked(): Promise<number>;
  release(): Promise<void>;
}

/** Takes the change sets' lock on a connection of `db` and holds it until `release`. */
export async function holdSetsLock(db: Knex): Promise<HeldSetsLock> {
  let release!: () => void;
  let locked!: (pid: number) => void;
  const holderPid = new Promise<number>((resolve) => (locked = resolve));
  const holder = db.transaction(async (trx) => {
    await lockPolicySets(trx);
    locked(((await trx.raw('SELECT pg_backend_pid() AS pid')) as { rows: Array<{ pid: number }> }).rows[0]!.pid);
    await new Promise<void>((resolve) => (release = resolve));
  });
  const pid = await Promise.race([holderPid, holder.then(() => Promise.reject(new Error('the holder of the sets lock ended before it held it')))]);
  return {
    blocked: async () => {
      const { rows } = (await db.raw('SELECT count(*)::int AS count FROM pg_stat_activity WHERE ? = ANY (pg_blocking_pids(pid))', [pid])) as {
        rows: Array<{ count: number }>;
      };
      return rows[0]!.count;
    },
    release: async () => {
      release();
      await holder;
    },
  };
}

/** acctl_policy_set_requests of `app`, read from its registry as a scrape does: the set applying (0 or 1) and those waiting for the turn. */
export async function policySetRequests(app: FastifyInstance): Promise<{ applying: number; waiting: number }> {
  const { values } = await app.metrics.registry.getSingleMetric('acctl_policy_set_requests')!.get();
  const of = (state: string): number => values.find((sample) => sample.labels.state === state)?.value ?? 0;
  return { applying: of('applying'), waiting: of('waiting') };
}
