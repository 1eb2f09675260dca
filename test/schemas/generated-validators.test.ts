import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import {
  createAjv,
  editorSchemas,
  precompiledValidator,
  schemaIdBase,
  validatorFor,
  type EditorSchemaKind,
  type PrecompiledSchemaName,
} from '../../core/src/index.js';
import { generateSchemaValidators, precompiledSchemaNames } from '../../scripts/schema-validators.js';
import { loadCases } from '../policy-files/support/cases.js';
import { repoRoot } from '../cli/run-cli.js';

const kindOfFile = (name: string): EditorSchemaKind => (/(^|\/)acctl\.ya?ml$/.test(name) ? 'config' : /\.test\.ya?ml$/.test(name) ? 'test' : 'policy');

/** Every YAML document the repository holds of a policy repository's files: policies-example/ and the lint cases. */
function documents(): Array<{ name: string; schema: PrecompiledSchemaName; value: unknown }> {
  const exampleDir = path.join(repoRoot, 'policies-example');
  const files = [
    ...readdirSync(exampleDir)
      .filter((name) => /\.ya?ml$/.test(name))
      .map((name) => ({ name: `policies-example/${name}`, text: readFileSync(path.join(exampleDir, name), 'utf8') })),
    ...loadCases<{ cases: Array<{ name: string; files: Record<string, string> }> }>('lint.cases.yaml').cases.flatMap((lintCase) =>
      Object.entries(lintCase.files).map(([name, text]) => ({ name: `${lintCase.name}: ${name}`, text })),
    ),
  ];
  const repositoryFiles = files.flatMap(({ name, text }) => {
    try {
      return [{ name, schema: editorSchemas[kindOfFile(name)].source as PrecompiledSchemaName, value: parse(text) as unknown }];
    } catch {
      return []; // a case about YAML syntax: nothing for a schema to check
    }
  });
  return [...repositoryFiles, { name: 'a saved plan of every action', schema: 'cli/policy-plan-file', value: savedPlanOfEveryAction() }];
}

/** A plan as acctl policy plan --out writes it, one change of each action (the content and hash need not agree: the schema checks forms only). */
function savedPlanOfEveryAction(): unknown {
  const at = { file: 'api-read.yaml', line: 2, col: 7 };
  const content = {
    name: 'api-read',
    description: '',
    status: 'active',
    rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'api', identifiers: ['x'] }, actions: ['read'] }],
    metadata: { managed_by: 'platform' },
  };
  const hash = 'a'.repeat(64);
  return {
    format: 1,
    server: 'http://127.0.0.1:8080/v1',
    owner: 'platform',
    prune: true,
    created_at: '2026-01-01T00:00:00.000Z',
    changes: [
      { ...at, name: 'api-read', action: 'create', content, content_hash: hash },
      {
        ...at,
        name: 'db-read',
        action: 'update',
        id: 'id-1',
        expected_version: 2,
        content: { ...content, name: 'db-read' },
        content_hash: hash,
        diff: [{ path: 'description', kind: 'changed', text: 'description: "" → "x"', rule_index: 0 }],
        drift: { updated_by: 'someone', updated_at: '2026-01-01T00:00:00.000Z', version: 2, reason: 'changed_since_apply' },
      },
      { ...at, name: 'same', action: 'unchanged', id: 'id-2', version: 1 },
      { ...at, name: 'taken', action: 'blocked', id: 'id-3', reason: 'another owner' },
      { action: 'delete', name: 'gone', id: 'id-4', expected_version: 3 },
      { action: 'orphaned', name: 'left', id: 'id-5', version: 1 },
    ],
    summary: { create: 1, update: 1, delete: 1, unchanged: 1, drifted: 1, orphaned: 1, blocked: 1 },
  };
}

/** Values that break most keywords somewhere: type, enum, const, lengths, patterns, formats, discriminators. */
const replacements: unknown[] = [
  null,
  true,
  12345,
  -1,
  0.5,
  '',
  'x'.repeat(3000),
  'not a date',
  'Mars/Olympus',
  'ftp://example.com',
  '25:99',
  [],
  [1],
  {},
  { type: 'nope' },
];

/** The document, and copies of it with one change each at every place in it. */
function variantsOf(value: unknown): unknown[] {
  const variants: unknown[] = [value];
  const visit = (node: unknown, replace: (next: unknown) => unknown): void => {
    for (const replacement of replacements) variants.push(replace(replacement));
    if (Array.isArray(node)) {
      node.forEach((child, index) => visit(child, (next) => replace(node.map((item, at) => (at === index ? next : item)))));
      variants.push(replace([...node, ...node]));
    } else if (node !== null && typeof node === 'object') {
      const entries = Object.entries(node);
      variants.push(replace({ ...node, zz_unknown: 1 }));
      for (const [key, child] of entries) {
        variants.push(replace(Object.fromEntries(entries.filter(([other]) => other !== key))));
        visit(child, (next) => replace({ ...node, [key]: next }));
      }
    }
  };
  visit(value, (next) => next);
  return variants;
}

describe('core/src/generated/schema-validators.ts', () => {
  it('is what `npm run gen:types` makes from schemas/ today', () => {
    const committed = readFileSync(new URL('../../core/src/generated/schema-validators.ts', import.meta.url), 'utf8');
    expect(
      committed === generateSchemaValidators(),
      'core/src/generated/schema-validators.ts is stale: run `npm run gen:types` and commit the result',
    ).to.equal(true);
  });

  it('holds the schemas of a policy repository (policy files, test files and acctl.yaml) and of a saved plan', () => {
    expect(precompiledSchemaNames()).to.deep.equal(['acctl-config', 'cli/policy-plan-file', 'policy-create-request', 'policy-test']);
  });

  it('decides, and reports every error, as the Ajv the server validates with does, on every file and thousands of broken copies', () => {
    // A fresh createAjv, as the server's schema-validation plugin makes for bodies: compiled from schemas/ now.
    const ajv = createAjv({ coerce: false });
    const counts = { documents: 0, invalid: 0 };
    const mismatches: string[] = [];
    for (const { name, schema, value } of documents()) {
      const compiled = ajv.getSchema(`${schemaIdBase}${schema}.json`)!;
      const precompiled = precompiledValidator(schema);
      for (const variant of variantsOf(value)) {
        counts.documents += 1;
        const expected = JSON.stringify([compiled(variant), compiled.errors ?? null]);
        const actual = JSON.stringify([precompiled(variant), precompiled.errors ?? null]);
        if (expected.startsWith('[false')) counts.invalid += 1;
        if (actual !== expected && mismatches.length < 5)
          mismatches.push(`${name} (${schema}): ${JSON.stringify(variant)}\n  ajv: ${expected}\n  precompiled: ${actual}`);
      }
    }
    expect(mismatches, mismatches.join('\n')).to.deep.equal([]);
    expect(counts.invalid).to.be.greaterThan(5_000);
  });

  it('is the one validator of those schemas: validatorFor gives the precompiled one', () => {
    for (const name of precompiledSchemaNames() as PrecompiledSchemaName[]) expect(validatorFor(name)).to.equal(precompiledValidator(name));
  });
});
