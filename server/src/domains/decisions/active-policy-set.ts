import type { Knex } from 'knex';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { compilePolicySet, type CompiledPolicySet, type EnginePolicy } from '../../../../core/src/index.js';

interface Snapshot {
  generation: number;
  set: CompiledPolicySet;
  policies: number;
}

/**
 * The active policies, compiled once and kept until the policies generation moves on. A
 * notification starts the recompile early; get() still checks the generation, so a decision never
 * uses policies older than a change committed before it was asked for. One compiled set is kept,
 * and at most one load runs at a time for every waiter: its size follows the active policies
 * (schemas bound each: 500 rules), never the number of requests.
 */
export class ActivePolicySet {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;
  /** Loads started so far; the one in `loading` is number `loadingNumber`. */
  private loadsStarted = 0;
  private loadingNumber = 0;

  constructor(
    private readonly db: Knex,
    feed: ChangeFeed,
  ) {
    feed.onChange('policies', () => void this.load().catch(() => undefined));
  }

  /** The compiled set at `generation` or later (from ChangeFeed.fresh(), read after the request came in). */
  async get(generation: number): Promise<Snapshot> {
    if (this.snapshot && this.snapshot.generation >= generation) return this.snapshot;
    const before = this.loadsStarted;
    const loaded = await this.load();
    if (loaded.generation >= generation) return loaded;
    // A load that began before the change may have finished with the older set: load once more,
    // sharing a load that started after that one (concurrent callers would otherwise each start
    // their own: a read and a compile per waiting request, all held at once).
    return this.load(before + 1);
  }

  /** The running load, or a new one; `startedAfter`: only a load numbered at least that is shared. */
  private load(startedAfter = 0): Promise<Snapshot> {
    if (this.loading && this.loadingNumber >= startedAfter) return this.loading;
    const number = ++this.loadsStarted;
    this.loadingNumber = number;
    const loading = this.read().then((snapshot) => {
      if (!this.snapshot || snapshot.generation >= this.snapshot.generation) this.snapshot = snapshot;
      return snapshot;
    });
    this.loading = loading;
    void loading
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      })
      .catch(() => undefined);
    return loading;
  }

  /** The generation and the policies from one snapshot of the database, so they agree. */
  private async read(): Promise<Snapshot> {
    return this.db.transaction(
      async (trx) => {
        const row = await trx('change_generations').where({ name: 'policies' }).first('generation');
        const policies: EnginePolicy[] = await trx('policies')
          .where({ status: 'active' })
          .orderBy('created_at')
          .orderBy('id')
          .select('id', 'version', 'name', 'rules');
        return { generation: Number(row?.generation ?? 0), set: compilePolicySet(policies), policies: policies.length };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }
}
