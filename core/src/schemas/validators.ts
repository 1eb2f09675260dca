import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { precompiledValidators } from '../generated/schema-validators.js';
import { createAjv, schemaIdBase } from './registry.js';

/** A validator as callers use it: true or false, and Ajv's errors of the last call that failed. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/** The schemas with precompiled validators: those of a policy repository's files (the editor schemas' sources), and of a saved plan. */
export type PrecompiledSchemaName = keyof typeof precompiledValidators;

/**
 * The validator of a policy file, test file, acctl.yaml or saved plan: code that `npm run gen:types` wrote from
 * schemas/ with createAjv's options (core/src/generated/schema-validators.ts), so that `acctl policy
 * lint` starts without Ajv's compiler, which spent about 60 ms compiling schemas at every start
 * (issue #21). It decides, and words its errors, as createAjv's Ajv does:
 * test/schemas/generated-validators.test.ts holds it to that, and the file to schemas/. Nothing
 * compiles these schemas at run time: a stale file fails that test, never falls back to Ajv.
 */
export function precompiledValidator(name: PrecompiledSchemaName): SchemaValidator {
  return precompiledValidators[name] as SchemaValidator;
}

const isPrecompiled = (name: string): name is PrecompiledSchemaName => Object.hasOwn(precompiledValidators, name);

let compiler: Ajv2020 | undefined;

/**
 * The validator of any named schema (the server's OAuth parameters and the tests use this; its
 * routes go through Fastify with createAjv): the precompiled one for a policy repository's files,
 * as every other caller checks those; for the others, compiled by Ajv at first use. The CLI calls
 * precompiledValidator instead, so its bundle leaves Ajv's compiler out.
 */
export function validatorFor(name: string): SchemaValidator {
  if (isPrecompiled(name)) return precompiledValidator(name);
  compiler ??= createAjv({ coerce: false });
  const validate = compiler.getSchema(`${schemaIdBase}${name}.json`);
  if (!validate) throw new Error(`unknown schema "${name}"`);
  return validate;
}
