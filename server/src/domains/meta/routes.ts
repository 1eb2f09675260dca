import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { editorSchemaKinds, editorSchemas, editorSchemaText, editorSchemaVersion, loadSchemas, schemaRef } from '../../../../core/src/index.js';
import { buildOpenApiDocument, recordRoute, type RouteRecord } from './openapi.js';
import { packageVersion } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteRecord[];
  }
}

/** Collects every route as it is added; must be registered before the domains. */
export function collectRouteTable(app: FastifyInstance): void {
  const table: RouteRecord[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.push(...recordRoute(route));
  });
}

/** The API describing itself: OpenAPI document and the JSON Schemas (for editors and the CLI). */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', {
    config: { auth: 'public', docs: { summary: 'This OpenAPI 3.1 document', tags: ['Meta'], responses: { 200: { description: 'OpenAPI 3.1 document' } } } },
    handler: async () => (document ??= buildOpenApiDocument(app.routeTable, { publicUrl: app.config.publicUrl, version: packageVersion })),
  });

  app.get<{ Params: { name: string } }>('/schemas/:name', {
    config: {
      auth: 'public',
      docs: {
        summary: 'One JSON Schema of the API, e.g. /schemas/policy.json',
        tags: ['Meta'],
        responses: { 200: { description: 'JSON Schema 2020-12' }, 404: schemaRef('problem') },
      },
    },
    schema: { params: { type: 'object', properties: { name: { type: 'string', pattern: '^[a-z0-9-]+\\.json$', maxLength: 100 } }, required: ['name'] } },
    handler: async (request, reply) => {
      const schema = loadSchemas().get(request.params.name.replace(/\.json$/, ''));
      if (!schema) throw new ApiError('not_found', `No schema named ${request.params.name}`);
      return reply.type('application/schema+json').header('cache-control', 'public, max-age=300').send(schema);
    },
  });

  // The editor schemas (core/src/schemas/editor-schemas.ts): each self-contained, at a URL whose
  // path names the version of the files' format, so a modeline pointing here keeps working.
  for (const kind of editorSchemaKinds) {
    const { fileName, title } = editorSchemas[kind];
    let answer: { text: string; etag: string } | undefined;
    app.get(`/schemas/${editorSchemaVersion}/${fileName}`, {
      config: {
        auth: 'public',
        docs: {
          summary: `Editor schema of ${title}: self-contained (no external $ref), with an ETag`,
          description: `Written by \`acctl schema ${kind}\` too; docs/policy-files.md, "Editor support", shows the modeline and the VS Code settings that use it.`,
          tags: ['Meta'],
          responses: { 200: { description: 'JSON Schema 2020-12' } },
          headers: { 200: ['ETag'] },
        },
      },
      handler: async (_request, reply) => {
        if (!answer) {
          const text = editorSchemaText(kind);
          answer = { text, etag: `"${createHash('sha256').update(text).digest('base64url')}"` };
        }
        // Public and the same for everyone: any origin may read it (editors that run in a browser,
        // such as vscode.dev, fetch schemas from a web worker), and caches may keep it for an hour.
        // If-None-Match is answered 304 by http/conditional-get.ts, as on every GET with an ETag.
        void reply.headers({ etag: answer.etag, 'cache-control': 'public, max-age=3600', 'access-control-allow-origin': '*' });
        return reply.type('application/schema+json').send(answer.text);
      },
    });
  }
}
