import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAjv } from '../../../core/src/index.js';

/**
 * Request validation with the schemas of schemas/ (JSON Schema 2020-12), through Fastify's
 * validator hook. Routes name their schemas with schemaRef('name').
 */
export const schemaValidationPlugin = fp(
  async (app: FastifyInstance) => {
    const bodies = createAjv({ coerce: false });
    const params = createAjv({ coerce: true });
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const ajv = httpPart === 'body' ? bodies : params;
      return ajv.compile(schema as object) as (data: unknown) => boolean;
    });
  },
  { name: 'schema-validation' },
);
