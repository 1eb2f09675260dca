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
    payload: { name: 'docs-read', status: 'active', rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'document', identifiers: ['*'] }, actions: ['read'] }] },
  });
  expect(created.statusCode, created.body).to.equal(201);
}
