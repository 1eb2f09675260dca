import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Knex } from 'knex';
import { createKnex } from '../db/knex.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Knex;
  }
}

/** The Knex instance, from config.databaseUrl; destroyed (pool closed) when the app closes. */
export const dbPlugin = fp(
  async (app: FastifyInstance) => {
    const db = createKnex(app.config.databaseUrl, app.config.dbPoolMax);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
