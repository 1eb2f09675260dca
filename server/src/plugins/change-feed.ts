import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import pg from 'pg';
import { keepAlive } from '../db/knex.js';
import { pgQuery } from '../db/pg-transaction.js';

export type GenerationName = 'policies' | 'principals' | 'credentials' | 'signing_keys' | 'client_auth';
export type Generations = Record<GenerationName, number>;

const channel = 'acctl_changes';
/** The counters' one read: a named prepared statement, without Knex's query building. */
export const readGenerations = { name: 'acctl_read_generations', text: 'SELECT name, generation FROM change_generations' };

/** The counters from readGenerations' rows, or from a write's check that answers them as an object; a counter not there is 0. */
export function generationsOf(
  values: ReadonlyArray<{ name: string; generation: string | number }> | Record<string, string | number> | null | undefined,
): Generations {
  const read: Record<string, string | number> = Array.isArray(values)
    ? Object.fromEntries(values.map((row) => [row.name, row.generation]))
    : ((values ?? {}) as Record<string, string | number>);
  const generations: Generations = { policies: 0, principals: 0, credentials: 0, signing_keys: 0, client_auth: 0 };
  for (const name of Object.keys(generations) as GenerationName[]) generations[name] = Number(read[name] ?? 0);
  return generations;
}

/**
 * What changed in the shared database, for the in-memory caches of this replica (compiled
 * policies, stored principals, verified tokens, signing keys). Two mechanisms, each covering the
 * other's gap:
 * - LISTEN acctl_changes: a trigger NOTIFYs on commit, so caches refresh ahead of need;
 * - fresh(): the counters in change_generations, read by one query shared by every request
 *   waiting at that moment (started after they arrived), so a cache is never trusted past a
 *   change committed before the request came in, notification or not.
 * Decisions skip that read: they are made with known(), the newest counters this replica has
 * seen, and their one write checks those counters at commit (acctl_record_checked_decisions),
 * which is later than the request's arrival; if one moved, they are made again.
 */
export class ChangeFeed {
  private running: Promise<Generations> | undefined;
  private queued: Promise<Generations> | undefined;
  private listener: pg.Client | undefined;
  private stopped = false;
  private readonly subscribers = new Map<GenerationName, Array<() => void>>();
  private latest: Generations | undefined;

  constructor(
    private readonly db: Knex,
    private readonly databaseUrl: string,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  async start(): Promise<void> {
    await this.listen();
    await this.fresh();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.listener?.end().catch(() => undefined);
  }

  onChange(name: GenerationName, callback: () => void): void {
    this.subscribers.set(name, [...(this.subscribers.get(name) ?? []), callback]);
  }

  /**
   * The newest counters this replica has seen (its reads, and what writes that check them
   * answered), without a round trip; only for work that checks them again when it commits.
   */
  known(): Generations | undefined {
    return this.latest;
  }

  /** Counters read elsewhere (a write's check): known() moves on to them, never back. */
  observe(generations: Generations): void {
    const latest = this.latest;
    if (!latest) {
      this.latest = { ...generations };
      return;
    }
    const merged = { ...latest };
    for (const name of Object.keys(generations) as GenerationName[]) merged[name] = Math.max(latest[name] ?? 0, generations[name]);
    this.latest = merged;
  }

  /** The counters as of a read that started after this call. */
  fresh(): Promise<Generations> {
    if (this.queued) return this.queued;
    if (!this.running) {
      const read = this.read().finally(() => {
        if (this.running === read) this.running = undefined;
      });
      this.running = read;
      return read;
    }
    const queued = this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.fresh();
      });
    this.queued = queued;
    return queued;
  }

  private async read(): Promise<Generations> {
    const generations = generationsOf((await pgQuery<{ name: GenerationName; generation: string }>(this.db, readGenerations)).rows);
    this.observe(generations);
    return generations;
  }

  /**
   * LISTENs on a connection of its own. At start a failure is thrown (the app cannot start without
   * its database); once running, a lost connection is retried every second until the database
   * answers again, however long it is away.
   */
  private async listen(reconnecting = false): Promise<void> {
    if (this.stopped) return;
    // Keepalive: the listener is idle for long stretches, when a dead peer is found only by probing.
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'acctl-listen', ...keepAlive });
    let lost = false;
    const retry = (error: unknown): void => {
      if (lost) return;
      lost = true;
      this.log('change feed connection lost; reconnecting', error);
      void client.end().catch(() => undefined);
      if (this.listener === client) this.listener = undefined;
      // Whatever was notified while away is caught by fresh(); reconnect for the early refreshes.
      setTimeout(() => void this.listen(true), 1000).unref();
    };
    client.on('notification', (message) => this.notify(message.payload as GenerationName));
    client.on('error', retry);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      if (!reconnecting) {
        await client.end().catch(() => undefined);
        throw error;
      }
      return retry(error);
    }
    if (this.stopped) return void (await client.end().catch(() => undefined));
    this.listener = client;
    // Changes made while the connection was away were not notified: refresh as if they were.
    if (reconnecting) for (const name of this.subscribers.keys()) this.notify(name);
  }

  private notify(name: GenerationName): void {
    // So that known() moves on now, not at the next decision's failed check.
    void this.fresh().catch(() => undefined);
    for (const callback of this.subscribers.get(name) ?? []) callback();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

export const changeFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const feed = new ChangeFeed(app.db, app.config.databaseUrl, (message, error) => app.log.warn({ err: error }, message));
    await feed.start();
    app.decorate('changeFeed', feed);
    app.addHook('onClose', async () => feed.stop());
  },
  { name: 'change-feed', dependencies: ['db'] },
);
