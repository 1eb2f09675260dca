import type { FastifyInstance } from 'fastify';

/** One operation of the served OpenAPI document, with what a caller needs to reach it. */
export interface Operation {
  /** `METHOD /path/{param}`, the path as the route table writes it (with /v1). */
  name: string;
  method: string;
  /** The path with `{param}` placeholders. */
  path: string;
  /** `x-required-scope`: a scope, `any valid token` or `none (public)`. */
  requirement: string;
  /** The first media type of the request body, if the operation takes one. */
  mediaType: string | undefined;
  pathParams: Array<{ name: string; type: string | undefined }>;
  queryParams: Array<{ name: string; type: string | undefined }>;
  /** Property names of the request body's schema (top level), for bodies that look almost right. */
  bodyFields: string[];
}

type Schema = { type?: string; properties?: Record<string, unknown>; $ref?: string };
type OpenApiOperation = {
  'x-required-scope': string;
  servers?: unknown[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
};
type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; components: { schemas: Record<string, Schema> } };

/** Every operation of GET /v1/openapi.json: the route table as clients see it. */
export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const document = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as OpenApiDocument;
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? document.components.schemas[schema.$ref.replace('#/components/schemas/', '')] : schema;
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const fullPath = operation.servers ? path : `/v1${path}`;
      const params = (where: string) =>
        (operation.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, type: resolve(p.schema)?.type }));
      const content = operation.requestBody ? Object.entries(operation.requestBody.content)[0] : undefined;
      return {
        name: `${method.toUpperCase()} ${fullPath}`,
        method: method.toUpperCase(),
        path: fullPath,
        requirement: operation['x-required-scope'],
        mediaType: content?.[0],
        pathParams: params('path'),
        queryParams: params('query'),
        bodyFields: Object.keys(resolve(content?.[1].schema)?.properties ?? {}),
      };
    }),
  );
}

/** The path with placeholder values that pass validation where they can (a 404 is fine). */
export function placeholderUrl(operation: Operation): string {
  return operation.path.replace(/\{([A-Za-z_]+)\}/g, (_m, name: string) => {
    const type = operation.pathParams.find((p) => p.name === name)?.type;
    return type === 'integer' ? '1' : name === 'name' ? 'policy.json' : 'placeholder-0000';
  });
}
