import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, type InvalidField } from '../errors/api-error.js';

/**
 * Text PostgreSQL cannot store or compare: a lone UTF-16 surrogate (JSON's "\ud800" parses to one;
 * jsonb refuses it, 22P05) and NUL (U+0000; text and jsonb refuse it, 22021). With the `u` flag a
 * well-formed surrogate pair is one code point, so `\p{Cs}` matches only the lone halves.
 */
const unstorableText = /[\p{Cs}\u0000]/u;

export const illFormedTextDetail = 'is not well-formed Unicode text: it holds a lone surrogate (U+D800 to U+DFFF) or a NUL (U+0000)';

/** RFC 6901 escaping of one reference token. */
function pointerToken(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The JSON pointer of the first key or string in `value` that PostgreSQL would refuse, or null.
 * Iterative, so the deepest body the JSON parser accepts cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: Array<{ value: unknown; pointer: string }> = [{ value, pointer: '' }];
  while (stack.length > 0) {
    const { value: current, pointer } = stack.pop()!;
    if (typeof current === 'string') {
      if (unstorableText.test(current)) return pointer || '/';
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], pointer: `${pointer}/${i}` });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const at = `${pointer}/${pointerToken(key)}`;
        // A key is stored as well (attributes, metadata): it is checked as its own value.
        if (unstorableText.test(key)) return at;
        stack.push({ value: inner, pointer: at });
      }
    }
  }
  return null;
}

/** Where a request carries unstorable text (query, path, headers, body), as a field error. */
export function unstorableField(request: Pick<FastifyRequest, 'query' | 'params' | 'body' | 'headers'>): InvalidField | null {
  const parts: Array<[InvalidField['in'], unknown]> = [['query', request.query], ['params', request.params], ['headers', request.headers], ['body', request.body]];
  for (const [part, value] of parts) {
    const pointer = findUnstorableText(value);
    if (pointer !== null) return { pointer, in: part, detail: illFormedTextDetail };
  }
  return null;
}

/**
 * The boundary (issue #19, finding 1): input that no column can hold never reaches a handler, so
 * it cannot reach a write shared with other callers (the audit log's group commit, the decisions'
 * group commit, the webhook outbox). Runs before validation on every route, after the body is
 * parsed (JSON and forms alike); the error handler answers problem+json, or an RFC 6749
 * invalid_request on the OAuth endpoints. The shared writes also isolate a bad row on their own
 * (db/group-commit.ts), for whatever this check cannot know.
 */
export const inputBoundaryPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      const field = unstorableField(request);
      if (field) throw new ApiError('validation_failed', `Invalid ${field.in}: ${field.pointer} ${field.detail}`, { errors: [field] });
    });
  },
  { name: 'input-boundary', dependencies: ['errors'] },
);
