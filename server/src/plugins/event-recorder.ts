import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { EventRecorder } from '../events/event-recorder.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Records events that have no transaction of their own (auth.failed, auth.token_issued). */
    eventRecorder: EventRecorder;
  }
}

/** The recorder of events without a change of their own; what it holds is written before the pool closes. */
export const eventRecorderPlugin = fp(
  async (app: FastifyInstance) => {
    const recorder = new EventRecorder(app.db, app.log);
    app.decorate('eventRecorder', recorder);
    app.addHook('onClose', async () => recorder.idle());
  },
  { name: 'event-recorder', dependencies: ['db'] },
);
