import { expect } from 'chai';
import type { FastifyInstance } from 'fastify';
import { accessToken, registerClient } from '../helpers/app.js';
import { bearer } from '../helpers/credentials.js';

/** An active policy that allows every USER to read any `document`: decisions with something to match. */
export async function allowDocumentReads(app: FastifyInstance): Promise<void> {
  const admin = await accessToken(app, await registerClient(app, ['admin:all']));
  const created = await app.inject({
    method: 'POST',
    url: '/v1/policies',
    headers: bearer(admin),
    payload: {
      name: 'docs-read',
      status: 'active',
      rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'document', identifiers: ['*'] }, actions: ['read'] }],
    },
  });
  expect(created.statusCode, created.body).to.equal(201);
}

/** Distinct client addresses in a /16 of its own (one per test file, so files never share a throttle pair): a new one per call. */
export function addressesIn(prefix: string): () => string {
  let count = 0;
  return () => {
    count++;
    return `${prefix}.${Math.floor(count / 250)}.${(count % 250) + 1}`;
  };
}
