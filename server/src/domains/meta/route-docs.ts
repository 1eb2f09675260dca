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
  /** Status code to a schema ref, or to a description only (no body). A 412 means the route honours If-Match. */
  responses: Record<number, { $ref: string } | { description: string }>;
  /**
   * Headers the route sets on the answers of a status, beyond those the document gives on its own
   * (openapi-headers.ts: every answer's request id and rate-limit headers, Retry-After on 429 and
   * 503, Location on redirects, Link on lists). An ETag on a GET's 200 brings its 304 answer.
   */
  headers?: Partial<Record<number, RouteHeader[]>>;
  /**
   * Other media types a status may answer in, beside the JSON of `responses` (content
   * negotiation): media type to the schema of its body, e.g. `text/csv` of a report.
   */
  otherMediaTypes?: Partial<Record<number, Record<string, Record<string, unknown>>>>;
}

/** The response headers a route may declare (components.headers of the OpenAPI document). */
export type RouteHeader = 'ETag' | 'Location' | 'Retry-After';

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}
