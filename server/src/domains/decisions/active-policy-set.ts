import type { Knex } from 'knex';
import type { ChangeFeed } from '../../plugins/change-feed.js';
import { compilePolicySet, type CompiledPolicySet, type EnginePolicy } from '../policies/engine/index.js';

interface Snapshot {
  generation: number;
  set: CompiledPolicySet;
  policies: number;
}

/**
 * The active policies, compiled once and kept until the policies generation moves on. A
 * notification starts the recompile early; get() still checks the generation, so a decision never
 * uses policies older than a change committed before it was asked for.
 */
export class ActivePolicySet {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;

  constructor(
    private readonly db: Knex,
    feed: ChangeFeed,
  ) {
    feed.onChange('policies', () => void this.load().catch(() => undefined));
  }

  /** The compiled set at `generation` or later (from ChangeFeed.fresh(), read after the request came in). */
  async get(generation: number): Promise<Snapshot> {
    if (this.snapshot && this.snapshot.generation >= generation) return this.snapshot;
    const loaded = await this.load();
    // A load that began before the change may have finished with the older set: load once more.
    return loaded.generation >= generation ? loaded : this.load(true);
  }

  private load(force = false): Promise<Snapshot> {
    if (this.loading && !force) return this.loading;
    const loading = this.read().then((snapshot) => {
      if (!this.snapshot || snapshot.generation >= this.snapshot.generation) this.snapshot = snapshot;
      return snapshot;
    });
    this.loading = loading;
    void loading.finally(() => {
      if (this.loading === loading) this.loading = undefined;
    }).catch(() => undefined);
    return loading;
  }

  /** The generation and the policies from one snapshot of the database, so they agree. */
  private async read(): Promise<Snapshot> {
    return this.db.transaction(
      async (trx) => {
        const row = await trx('change_generations').where({ name: 'policies' }).first('generation');
        const policies: EnginePolicy[] = await trx('policies').where({ status: 'active' }).orderBy('created_at').orderBy('id').select('id', 'version', 'name', 'rules');
        return { generation: Number(row?.generation ?? 0), set: compilePolicySet(policies), policies: policies.length };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
  }
}
