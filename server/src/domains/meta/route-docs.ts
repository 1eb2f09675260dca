/**
 * What a route tells the OpenAPI document beyond its Fastify schema (body, querystring, params,
 * which Fastify validates): summary, tags and response schemas. Responses are not serialised
 * through schemas; tests check each answer against the schema named here instead.
 */
export interface RouteDocs {
  summary: string;
  description?: string;
  tags: string[];
  /** A request body documented but validated by the handler (OAuth endpoints answer RFC 6749 errors). */
  requestBody?: { $ref: string };
  requestMediaTypes?: string[];
  /** Status code to a schema ref, or to a description only (no body). */
  responses: Record<number, { $ref: string } | { description: string }>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}
