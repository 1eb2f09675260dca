import knex, { type Knex } from 'knex';
import pg from 'pg';

// PostgreSQL int8 (count(*), bigserial) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/**
 * TCP keepalive for every connection to PostgreSQL (pool, change feed, job queue), first probe
 * after 10 s idle: a connection whose peer vanished (failover, a dropped network) is found dead by
 * the kernel's probes, not by a query that hangs on it.
 */
export const keepAlive = { keepAlive: true, keepAliveInitialDelayMillis: 10_000 } as const;

export function createKnex(databaseUrl: string, poolMax = 10): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: 'acctl', ...keepAlive },
    pool: { min: 0, max: poolMax },
    // A statement that hangs (lock, overloaded database) fails instead of holding a request forever.
    acquireConnectionTimeout: 10_000,
  });
}
