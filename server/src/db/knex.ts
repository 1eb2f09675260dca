import knex, { type Knex } from 'knex';
import pg from 'pg';

// PostgreSQL int8 (count(*), bigserial) as JS numbers: our counts stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

export function createKnex(databaseUrl: string, poolMax = 10): Knex {
  return knex({
    client: 'pg',
    // TCP keepalive, first probe after 10 s idle: a connection whose peer vanished (failover, a
    // dropped network) is found dead by the kernel's probes, not by a query that hangs on it.
    connection: { connectionString: databaseUrl, application_name: 'acctl', keepAlive: true, keepAliveInitialDelayMillis: 10_000 },
    pool: { min: 0, max: poolMax },
    // A statement that hangs (lock, overloaded database) fails instead of holding a request forever.
    acquireConnectionTimeout: 10_000,
  });
}
