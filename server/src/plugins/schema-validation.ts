import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createAjv } from '../../../core/src/index.js';

/**
 * Bodies of at most this many values (objects, arrays and scalars) are answered with every invalid
 * field; larger invalid bodies with the first one found. Ajv's allErrors collects the errors of a
 * `$ref`'d schema by concatenating them onto all those found before (`vErrors.concat`), so its
 * time grows with the square of the errors: 20,000 empty changes of a set (60 KB) held the event
 * loop 25 s, 100,000 for many minutes. Under this bound the errors are few enough to cost
 * milliseconds; the fail-fast pass that decides validity is linear whatever the size.
 */
export const allErrorsUpToValues = 1_000;

/** Whether `value` holds more than `bound` values, counted iteratively and no further than the bound. */
function holdsMoreValuesThan(value: unknown, bound: number): boolean {
  const stack: unknown[] = [value];
  let count = 1;
  while (stack.length > 0) {
    const current = stack.pop();
    if (current === null || typeof current !== 'object') continue;
    const members = Array.isArray(current) ? current : Object.values(current);
    count += members.length;
    if (count > bound) return true;
    for (const member of members) stack.push(member);
  }
  return false;
}

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/**
 * The query and path parameters' validator, refusing a number that is not finite: coercing
 * `page=1e309` or `page=Infinity` gave Infinity, which passed `integer` with its `maximum` (a list
 * then answered 200 with `"page": null`, the offset dropped by Knex). Parameters are flat: a
 * member, or the items of a repeated one.
 */
function finiteNumbersOnly(validate: Validate): Validate {
  const checked: Validate = (data: unknown): boolean => {
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    if (!valid || data === null || typeof data !== 'object') return valid;
    for (const [name, value] of Object.entries(data)) {
      const values: unknown[] = Array.isArray(value) ? value : [value];
      if (values.some((item) => typeof item === 'number' && !Number.isFinite(item))) {
        checked.errors = [{ instancePath: `/${name}`, schemaPath: '#', keyword: 'type', params: {}, message: 'must be a finite number' }];
        return false;
      }
    }
    return true;
  };
  return checked;
}

type Compilers = { bodies: ReturnType<typeof createAjv>; firstErrors: ReturnType<typeof createAjv>; params: ReturnType<typeof createAjv> };
let compilers: Compilers | undefined;
/**
 * Validators by part and schema text: Ajv remembers a schema by its object, and a route that writes
 * its params schema inline hands each app a new object (a test file's apps compiled them again).
 */
const compiled = new Map<string, (data: unknown) => boolean>();

/**
 * The process's Ajv instances, made once: the schemas of schemas/ are the same for every app a
 * process builds, and each instance compiles a $ref'd schema once. A second app (the cluster's
 * replicas in tests, a test file's apps) reuses the compiled validators instead of compiling them
 * again, which was a third of the CPU of building an app.
 */
function processCompilers(): Compilers {
  if (compilers === undefined) {
    const firstErrors = createAjv({ coerce: false });
    // Read when a schema is compiled: this instance's validators stop at the first error.
    firstErrors.opts.allErrors = false;
    compilers = { bodies: createAjv({ coerce: false }), firstErrors, params: createAjv({ coerce: true }) };
  }
  return compilers;
}

/**
 * Request validation with the schemas of schemas/ (JSON Schema 2020-12), through Fastify's
 * validator hook. Routes name their schemas with schemaRef('name'). A body is checked first by a
 * validator that stops at the first error (linear, and what valid bodies pay); an invalid one
 * is then checked again for every error when it is small enough (allErrorsUpToValues).
 */
export const schemaValidationPlugin = fp(
  async (app: FastifyInstance) => {
    const { bodies, firstErrors, params } = processCompilers();
    app.setValidatorCompiler(({ schema, httpPart }) => {
      const key = `${httpPart === 'body' ? 'body' : 'params'}:${JSON.stringify(schema)}`;
      let validator = compiled.get(key);
      if (validator === undefined) compiled.set(key, (validator = compileValidator(schema as object, httpPart)));
      return validator;
    });
    function compileValidator(schema: object, httpPart: string | undefined): (data: unknown) => boolean {
      if (httpPart !== 'body') return finiteNumbersOnly(params.compile(schema) as Validate) as (data: unknown) => boolean;
      const first = firstErrors.compile(schema);
      const every = bodies.compile(schema);
      const validate: Validate = (data: unknown): boolean => {
        if (first(data)) {
          validate.errors = null;
          return true;
        }
        if (holdsMoreValuesThan(data, allErrorsUpToValues)) validate.errors = first.errors ?? null;
        else {
          every(data);
          validate.errors = every.errors ?? first.errors ?? null;
        }
        return false;
      };
      return validate;
    }
  },
  { name: 'schema-validation' },
);
