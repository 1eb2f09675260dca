import type { FastifyInstance } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import {
  type WebhookCreateRequest,
  type WebhookDeliveryListQuery,
  type WebhookListQuery,
  type WebhookUpdateRequest,
  schemaRef,
} from '../../../../core/src/index.js';
import * as service from './service.js';

const problem = schemaRef('problem');
const uuid = { type: 'string', format: 'uuid' } as const;
const idParams = { type: 'object', properties: { id: uuid }, required: ['id'], additionalProperties: false } as const;
const deliveryParams = { type: 'object', properties: { id: uuid, delivery_id: uuid }, required: ['id', 'delivery_id'], additionalProperties: false } as const;
/** The spec names no webhook scope, and a webhook sends every event out of the service: admin only. */
const auth = { scope: 'admin:all' } as const;
const tags = ['Webhooks'];

/**
 * Spec, "Webhooks" (list, create, delete, test), plus what Stripe and GitHub webhook users expect:
 * get, update (re-enable after the service disabled it), the delivery log and redelivery.
 * Deliveries follow Standard Webhooks; docs/webhooks.md describes events, payloads and signatures.
 */
export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const deps = (): service.WebhookServiceDeps => ({ db: app.db, auditLog: app.auditLog, settings: app.webhooks.settings });

  app.get<{ Querystring: WebhookListQuery }>('/webhooks', {
    config: {
      auth,
      docs: {
        summary: 'List webhooks (paginated; never with their secrets)',
        tags,
        responses: { 200: schemaRef('webhook-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('webhook-list-query') },
    handler: async (request) => service.listWebhooks(app.db, request.query),
  });

  app.post<{ Body: WebhookCreateRequest }>('/webhooks', {
    config: {
      auth,
      // The signing secret is shown once: a replay answers without it (plugins/idempotency/stored-answer.ts).
      idempotency: { oneTimeSecrets: ['secret'] },
      docs: {
        summary: 'Create a webhook',
        description:
          'The answer carries the signing secret (`whsec_...`), shown this once. The URL is refused (400 webhook_url_not_allowed) unless https and public.',
        tags,
        responses: { 201: schemaRef('webhook-created'), 400: problem, 401: problem, 403: problem },
        headers: { 201: ['Location'] },
      },
    },
    schema: { body: schemaRef('webhook-create-request') },
    handler: async (request, reply) => {
      const webhook = await service.createWebhook(deps(), changeContextOf(request), request.body);
      return reply.code(201).header('location', `/v1/webhooks/${webhook.id}`).send(webhook);
    },
  });

  app.get<{ Params: { id: string } }>('/webhooks/:id', {
    config: {
      auth,
      docs: {
        summary: 'Get a webhook (without its secret)',
        tags,
        responses: { 200: schemaRef('webhook'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request) => service.getWebhook(app.db, request.params.id),
  });

  app.patch<{ Params: { id: string }; Body: WebhookUpdateRequest }>('/webhooks/:id', {
    config: {
      auth,
      docs: {
        summary: 'Change a webhook',
        description: 'Change its URL, event types or description; `enabled: true` turns a disabled webhook back on, `false` stops its deliveries.',
        tags,
        responses: { 200: schemaRef('webhook'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams, body: schemaRef('webhook-update-request') },
    handler: async (request) => service.updateWebhook(deps(), changeContextOf(request), request.params.id, request.body),
  });

  app.delete<{ Params: { id: string } }>('/webhooks/:id', {
    config: {
      auth,
      docs: {
        summary: 'Delete a webhook and its delivery log',
        tags,
        responses: { 204: { description: 'Deleted' }, 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request, reply) => {
      await service.deleteWebhook(app, changeContextOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  app.post<{ Params: { id: string } }>('/webhooks/:id/test', {
    config: {
      auth,
      docs: {
        summary: 'Send a webhook.test event now',
        description: "Sent at once, not queued nor retried; the answer tells the receiver's status and latency. Works on a disabled webhook too.",
        tags,
        responses: { 200: schemaRef('webhook-test-result'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams },
    handler: async (request) => service.testWebhook(deps(), changeContextOf(request), request.params.id),
  });

  app.get<{ Params: { id: string }; Querystring: WebhookDeliveryListQuery }>('/webhooks/:id/deliveries', {
    config: {
      auth,
      docs: {
        summary: 'The delivery log of a webhook (paginated, newest first)',
        tags,
        responses: { 200: schemaRef('webhook-delivery-list'), 400: problem, 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: idParams, querystring: schemaRef('webhook-delivery-list-query') },
    handler: async (request) => service.listDeliveries(app.db, request.params.id, request.query),
  });

  app.post<{ Params: { id: string; delivery_id: string } }>('/webhooks/:id/deliveries/:delivery_id/redeliver', {
    config: {
      auth,
      // Queues one more attempt each time it runs.
      idempotency: true,
      docs: {
        summary: 'Send a delivery again, now',
        description:
          'One more attempt, due at once, with the same webhook-id and body. A pending delivery whose retry is scheduled later is made due now (one in flight, or whose first attempt waits for an earlier event, is left as it is). 409 while the webhook is disabled.',
        tags,
        responses: { 202: schemaRef('webhook-delivery'), 400: problem, 401: problem, 403: problem, 404: problem, 409: problem },
      },
    },
    schema: { params: deliveryParams },
    handler: async (request, reply) => reply.code(202).send(await service.redeliver(app.db, request.params.id, request.params.delivery_id)),
  });
}
