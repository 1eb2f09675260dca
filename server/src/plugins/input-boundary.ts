import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unstorableCharacter } from '../../../core/src/index.js';
import { ApiError, type InvalidField } from '../errors/api-error.js';

/** Text PostgreSQL cannot store or compare (a lone surrogate, NUL): core's rule, used by planToSql too. */
function isUnstorable(text: string): boolean {
  return unstorableCharacter(text) !== null;
}

/**
 * Arrays and objects nested deeper than this are refused (400) before any handler: no schema of
 * the API nests a tenth as deep, but free-form members (a policy's metadata) take any JSON, and
 * the serialisers after validation recurse (JSON.stringify of the rows, the canonical JSON of an
 * idempotency key's fingerprint), so a metadata value nested 5,000 deep (10 KB) answered 500.
 */
export const maxNestingDepth = 100;

export const tooDeepDetail = `is nested too deep: at most ${maxNestingDepth} levels of arrays and objects`;

/**
 * Whether `value` holds a key or string PostgreSQL would refuse, or nests past maxNestingDepth:
 * the fast pass, which allocates nothing; its recursion stops at that depth.
 */
function holdsRefusedInput(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isUnstorable(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth >= maxNestingDepth) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (holdsRefusedInput(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (isUnstorable(key) || holdsRefusedInput((value as Record<string, unknown>)[key], depth + 1)) return true;
  }
  return false;
}

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
  // The fast pass first, as at the boundary: false means no such text at any depth (it went all the way down).
  if (!holdsRefusedInput(value)) return null;
  const found = findRefusedInput(value, Infinity);
  return found && found.detail === illFormedTextDetail ? found.pointer : null;
}

/** The first key or string PostgreSQL would refuse, or array or object nested past `maxDepth`: its pointer and why. */
function findRefusedInput(value: unknown, maxDepth: number): { pointer: string; detail: string } | null {
  const stack: Array<{ value: unknown; pointer: string; depth: number }> = [{ value, pointer: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, pointer, depth } = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnstorable(current)) return { pointer: pointer || '/', detail: illFormedTextDetail };
    } else if (current !== null && typeof current === 'object' && depth >= maxDepth) {
      return { pointer: pointer || '/', detail: tooDeepDetail };
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], pointer: `${pointer}/${i}`, depth: depth + 1 });
    } else if (current !== null && typeof current === 'object') {
      for (const [key, inner] of Object.entries(current)) {
        const at = `${pointer}/${pointerToken(key)}`;
        // A key is stored as well (attributes, metadata): it is checked as its own value.
        if (isUnstorable(key)) return { pointer: at, detail: illFormedTextDetail };
        stack.push({ value: inner, pointer: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Where a request carries unstorable text or nests too deep (query, path, headers, body), as a field error. */
export function unstorableField(request: Pick<FastifyRequest, 'query' | 'params' | 'body' | 'headers'>): InvalidField | null {
  const parts: Array<[InvalidField['in'], unknown]> = [
    ['query', request.query],
    ['params', request.params],
    ['headers', request.headers],
    ['body', request.body],
  ];
  for (const [part, value] of parts) {
    if (!holdsRefusedInput(value)) continue;
    const found = findRefusedInput(value, maxNestingDepth);
    if (found !== null) return { pointer: found.pointer, in: part, detail: found.detail };
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
    // A callback hook, not an async one: no promise on every request of the hot path.
    app.addHook('preValidation', (request, _reply, done) => {
      const field = unstorableField(request);
      done(field ? new ApiError('validation_failed', `Invalid ${field.in}: ${field.pointer} ${field.detail}`, { errors: [field] }) : undefined);
    });
  },
  { name: 'input-boundary', dependencies: ['errors'] },
);
