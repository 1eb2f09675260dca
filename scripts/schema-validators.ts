import { _ } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
// From the modules, not core's entry: the entry loads the generated validators, which this writes.
import { editorSchemas } from '../core/src/schemas/editor-schemas.js';
import { createAjv, schemaIdBase } from '../core/src/schemas/registry.js';

/**
 * The schemas compiled ahead: those of the files the CLI reads from its user and validates at
 * start: a policy repository's (policy, test file, acctl.yaml), which `acctl policy lint|test|fmt`
 * check (the editor schemas are the bundles of the same three, so they name them once), and a plan
 * saved by `acctl policy plan --out`, which `acctl policy apply plan.json` checks.
 */
export function precompiledSchemaNames(): string[] {
  return [...new Set([...Object.values(editorSchemas).map((schema) => schema.source), 'cli/policy-plan-file'])].sort();
}

/** `policy-create-request` as an export name: `policyCreateRequest`. */
const exportName = (name: string): string => name.replace(/[-/](.)/g, (_match, letter: string) => letter.toUpperCase());

/**
 * ESM source of the precompiled validators (shared by the generator and its drift test): Ajv's
 * standalone code (https://ajv.js.org/standalone.html) of createAjv({ coerce: false }), the Ajv
 * that validatorFor used to compile them with, so options, formats and error objects are the
 * same. Formats are read by name from core's schemaFormats, the objects createAjv adds. Ajv
 * writes its runtime helpers as require() even in ESM; they become imports here.
 */
export function generateSchemaValidators(): string {
  const ajv = createAjv({ coerce: false, code: { source: true, esm: true, lines: true, formats: _`schemaFormats` } });
  const names = precompiledSchemaNames();
  let code = standaloneCode.default(ajv, Object.fromEntries(names.map((name) => [exportName(name), `${schemaIdBase}${name}.json`])));

  const imports = new Map<string, string>();
  code = code.replace(/require\("([^"]+)"\)\.default/g, (_call, specifier: string) => {
    const local = `${exportName(specifier.split('/').pop()!)}Module`;
    imports.set(specifier, local);
    return `commonJsDefault(${local})`;
  });
  if (/\brequire\(/.test(code)) throw new Error('Ajv standalone code requires a module this generator does not turn into an import');
  code = code.replace(/^"use strict";\n/, '');

  return [
    '// Generated from schemas/ by `npm run gen:types` (scripts/schema-validators.ts). Do not edit by hand.',
    '// @ts-nocheck',
    '/* eslint-disable */',
    ...[...imports].map(([specifier, local]) => `import * as ${local} from '${specifier}.js';`),
    "import { schemaFormats } from '../schemas/formats.js';",
    '',
    "// Ajv's runtime helpers are CommonJS modules that export `default`: Node's ESM loader and the CLI's",
    '// bundle give their exports object as the default, a CommonJS transform of this file (tsx under',
    '// mocha) gives that `default` itself. Either way, this is the helper.',
    'const commonJsDefault = (namespace) => (namespace.default?.__esModule ? namespace.default : namespace).default;',
    '',
    code.trimEnd(),
    '',
    '/** Each precompiled validator by its schema name (schemas/<name>.json). */',
    'export const precompiledValidators = {',
    ...names.map((name) => `  '${name}': ${exportName(name)},`),
    '};',
    '',
  ].join('\n');
}
