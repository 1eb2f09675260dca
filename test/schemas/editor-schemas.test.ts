import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { parse } from 'yaml';
import {
  bundleSchema,
  editorSchema,
  editorSchemaKinds,
  editorSchemas,
  editorSchemaText,
  cidrFormat,
  isIanaTimeZone,
  isNfc,
  loadSchemas,
  schemaRefs,
  validatorFor,
  type EditorSchemaKind,
  type SchemaValidator,
} from '../../core/src/index.js';
import { editorFiles } from '../../cli/src/scaffold/policy-repository.js';
import { repoRoot } from '../cli/run-cli.js';

/**
 * An Ajv that knows no schema of ours (createAjv loads them all, and would resolve a reference a
 * bundle forgot), with the options and formats the server's has.
 */
function bareAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, discriminator: true });
  (createRequire(import.meta.url)('ajv-formats') as { default: (ajv: Ajv2020) => void }).default(ajv);
  ajv.addFormat('iana-time-zone', { type: 'string', validate: isIanaTimeZone });
  ajv.addFormat('cidr', cidrFormat);
  ajv.addFormat('nfc', { type: 'string', validate: isNfc });
  return ajv;
}

/** RFC 6901: the value a local reference points at, or undefined. */
function resolveLocal(document: unknown, ref: string): unknown {
  let node = document;
  for (const token of decodeURIComponent(ref.slice(1)).split('/').slice(1)) {
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

const exampleDir = path.join(repoRoot, 'policies-example');
const kindOfFile = (name: string): EditorSchemaKind => (/^acctl\.ya?ml$/.test(name) ? 'config' : /\.test\.ya?ml$/.test(name) ? 'test' : 'policy');
const exampleFiles = readdirSync(exampleDir)
  .filter((name) => /\.ya?ml$/.test(name))
  .map((name) => ({ name, kind: kindOfFile(name), text: readFileSync(path.join(exampleDir, name), 'utf8') }));

describe('bundleSchema: a schema of schemas/ with everything it references inside it', () => {
  it('leaves only local references, each pointing at something, in the bundle of every schema of schemas/', () => {
    for (const name of loadSchemas().keys()) {
      const bundle = bundleSchema(name);
      const refs = schemaRefs(bundle);
      expect(
        refs.filter((ref) => !ref.startsWith('#')),
        `schemas/${name}.json`,
      ).to.deep.equal([]);
      expect(
        refs.filter((ref) => resolveLocal(bundle, ref) === undefined),
        `schemas/${name}.json`,
      ).to.deep.equal([]);
    }
  });

  it('compiles every bundle, strictly, in an Ajv that knows none of the schema files', () => {
    // One Ajv for all: a bundle has no $id (below), so compiling one adds nothing another could resolve.
    const ajv = bareAjv();
    for (const name of loadSchemas().keys()) expect(() => ajv.compile(bundleSchema(name)), `schemas/${name}.json`).to.not.throw();
  });

  it('copies each referenced schema once, under its name, and keeps no $id that an editor would resolve against', () => {
    const bundle = bundleSchema('policy-create-request') as { $defs: Record<string, unknown> };
    // policy-rule references policy-condition: what a reference references is bundled too.
    expect(Object.keys(bundle.$defs)).to.deep.equal(['name', 'policy-attribute-path', 'policy-condition', 'policy-metadata', 'policy-rule']);
    expect(JSON.stringify(bundle)).to.not.include('"$id"');
    expect(schemaRefs(bundle)).to.include.members(['#/$defs/policy-rule', '#/$defs/policy-metadata', '#/$defs/policy-condition']);
  });

  it('refuses a name that is not a schema', () => {
    expect(() => bundleSchema('no-such-schema')).to.throw('unknown schema "no-such-schema"');
  });
});

describe('the editor schemas (policy files, test files, acctl.yaml)', () => {
  it('are the bundles of the schemas lint, test and the server validate with', () => {
    expect(Object.fromEntries(editorSchemaKinds.map((kind) => [kind, [editorSchemas[kind].fileName, editorSchemas[kind].source]]))).to.deep.equal({
      policy: ['policy-file.json', 'policy-create-request'],
      test: ['policy-test-file.json', 'policy-test'],
      config: ['acctl-config-file.json', 'acctl-config'],
    });
    for (const kind of editorSchemaKinds) {
      const { title, description, $comment, $schema, ...rest } = editorSchema(kind);
      const { title: _title, description: _description, ...bundled } = bundleSchema(editorSchemas[kind].source);
      expect(rest, kind).to.deep.equal(bundled);
      expect([title, description, $comment, $schema].every((value) => typeof value === 'string')).to.equal(true);
      expect(JSON.parse(editorSchemaText(kind)), kind).to.deep.equal(editorSchema(kind));
    }
  });

  it('decide as the schema files do, on every file of policies-example and on broken copies of them', () => {
    const validators = new Map<EditorSchemaKind, { bundled: ValidateFunction; source: SchemaValidator }>(
      editorSchemaKinds.map((kind) => [kind, { bundled: bareAjv().compile(editorSchema(kind)), source: validatorFor(editorSchemas[kind].source) }]),
    );
    let broken = 0;
    for (const file of exampleFiles) {
      const { bundled, source } = validators.get(file.kind)!;
      const value = parse(file.text) as Record<string, unknown>;
      expect(bundled(value), `${file.name}: ${JSON.stringify(bundled.errors)}`).to.equal(true);
      expect(source(value), file.name).to.equal(true);
      for (const [what, mutant] of mutantsOf(value)) {
        broken += 1;
        expect([bundled(mutant), source(mutant)], `${file.name}, ${what}`).to.deep.equal([false, false]);
      }
    }
    expect(broken).to.be.greaterThan(100);
  });
});

describe('policies-example/ as an editor sees it', () => {
  it('holds the editor schemas and VS Code settings that npm run gen:editor-files writes (acctl init writes the same)', () => {
    for (const file of editorFiles(editorSchemaText)) {
      const target = path.join(exampleDir, file.path);
      expect(existsSync(target), `policies-example/${file.path} is missing: run npm run gen:editor-files`).to.equal(true);
      expect(readFileSync(target, 'utf8') === file.text, `policies-example/${file.path} differs from its generator: run npm run gen:editor-files`).to.equal(
        true,
      );
    }
  });

  it('names, on the first line of every file, the schema of its kind inside the folder', () => {
    expect(exampleFiles.map((file) => file.kind)).to.include.members(['policy', 'test', 'config']);
    for (const file of exampleFiles) {
      const schemaPath = /^# yaml-language-server: \$schema=(\S+)\n/.exec(file.text)?.[1];
      expect(schemaPath, file.name).to.equal(`.schemas/${editorSchemas[file.kind].fileName}`);
      expect(existsSync(path.join(exampleDir, schemaPath!)), file.name).to.equal(true);
    }
  });
});

/** Copies of a file's value, each broken in one way the schema forbids, named by what was broken. */
function mutantsOf(value: Record<string, unknown>): Array<[string, unknown]> {
  const mutants: Array<[string, unknown]> = [['an unknown top-level field', { ...value, extra: true }]];
  const copy = (): Record<string, any> => structuredClone(value) as Record<string, any>;
  for (const key of ['name', 'rules', 'tests']) {
    if (!(key in value)) continue;
    const without = copy();
    delete without[key];
    mutants.push([`without ${key}`, without]);
  }
  if ('status' in value) mutants.push(['a status out of the list', { ...copy(), status: 'enabled' }]);
  if ('owner' in value && !('rules' in value)) mutants.push(['an owner that is not a string', { ...copy(), owner: 5 }]);
  (value.rules as unknown[] | undefined)?.forEach((_rule, index) => {
    const misspelt = copy();
    const { effect, ...rest } = misspelt.rules[index];
    misspelt.rules[index] = { efect: effect, ...rest };
    mutants.push([`rule ${index}: effect misspelt`, misspelt]);
    const badEffect = copy();
    badEffect.rules[index].effect = 'alow';
    mutants.push([`rule ${index}: effect alow`, badEffect]);
    const noActions = copy();
    delete noActions.rules[index].actions;
    mutants.push([`rule ${index}: no actions`, noActions]);
    if (noActions.rules[index].conditions?.length) {
      const badOperator = copy();
      badOperator.rules[index].conditions[0].operator = 'within';
      mutants.push([`rule ${index}: condition operator within`, badOperator]);
    }
  });
  (value.tests as unknown[] | undefined)?.forEach((_test, index) => {
    const badExpect = copy();
    badExpect.tests[index].expect = 'alow';
    mutants.push([`test ${index}: expect alow`, badExpect]);
    const noActions = copy();
    delete noActions.tests[index].actions;
    mutants.push([`test ${index}: no actions`, noActions]);
  });
  return mutants;
}
