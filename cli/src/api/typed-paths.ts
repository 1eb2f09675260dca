import type { paths } from './generated/openapi.js';

/**
 * Types of the REST API's operations, read from the generated OpenAPI types (generated/openapi.ts,
 * npm run gen:api-types): ApiClient.call takes a path template and answers with the type the
 * server's document declares, so a field renamed on the server fails the CLI's type check. Types
 * only: openapi-fetch would do the same at run time, and the client it would replace is smaller.
 */
type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The methods the document declares for path `P`. */
export type MethodOf<P extends keyof paths> = {
  [M in HttpMethod]: paths[P][M] extends { responses: unknown } ? M : never;
}[HttpMethod];

type Operation<P extends keyof paths, M extends MethodOf<P>> = paths[P][M];

type Content<T, Media extends string> = T extends { content: { [K in Media]: infer Body } } ? Body : T extends { content?: never } ? undefined : never;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The media types the operation's 2xx answers are declared in (`text/csv` beside JSON for a report). */
export type SuccessMediaType<P extends keyof paths, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R }
    ? { [S in keyof R]: S extends SuccessStatus ? (R[S] extends { content: infer C } ? keyof C & string : never) : never }[keyof R]
    : never;

/** The body of the operation's 2xx answers in `Media` (JSON unless the call asks for another type). */
export type SuccessBody<P extends keyof paths, M extends MethodOf<P>, Media extends string = 'application/json'> =
  Operation<P, M> extends { responses: infer R } ? { [S in keyof R]: S extends SuccessStatus ? Content<R[S], Media> : never }[keyof R] : never;

/**
 * A body as the CLI builds it: a map's (index signature's) value may also be undefined, which
 * JSON.stringify leaves out, so core's schema types (json-schema-to-typescript) fit; every named
 * field keeps the document's type.
 */
export type JsonInput<T> = T extends readonly (infer Item)[]
  ? JsonInput<Item>[]
  : T extends object
    ? { [K in keyof T]: string extends K ? JsonInput<T[K]> | undefined : JsonInput<T[K]> }
    : T;

type RequestBody<O> = O extends { requestBody: { content: { 'application/json': infer Body } } }
  ? { body: JsonInput<Body> }
  : O extends { requestBody?: { content: { 'application/json': infer Body } } }
    ? { body?: JsonInput<Body> }
    : { body?: undefined };

type PathParameters<O> = O extends { parameters: { path: infer Parameters } }
  ? [Parameters] extends [never | undefined]
    ? unknown
    : { path: Parameters }
  : unknown;

/** A query as the CLI builds it: a list may be readonly (the client only reads it). */
type QueryInput<Query> = { [K in keyof Query]: Query[K] extends (infer Item)[] | undefined ? readonly Item[] | Extract<Query[K], undefined> : Query[K] };

type QueryParameters<O> = O extends { parameters: { query?: infer Query } }
  ? [Query] extends [never | undefined]
    ? unknown
    : { query?: QueryInput<NonNullable<Query>> }
  : unknown;

/**
 * What a call of the operation sends: its path parameters, query, and JSON body, as the document
 * declares them; `accept` asks for one of the media types its answer is declared in (JSON by default).
 */
export type TypedRequest<P extends keyof paths, M extends MethodOf<P>, Media extends string = 'application/json'> = RequestBody<Operation<P, M>> &
  PathParameters<Operation<P, M>> &
  QueryParameters<Operation<P, M>> & { headers?: Record<string, string>; signal?: AbortSignal; accept?: Media & SuccessMediaType<P, M> };
