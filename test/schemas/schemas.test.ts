import { readdirSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { createAjv, loadSchemas, schemaIdBase, schemasDir } from '../../core/src/index.js';

const dialect = 'https://json-schema.org/draft/2020-12/schema';

/** Every .json file under schemas/, as its name relative to the folder without `.json`. */
function schemaFilesOnDisk(dir = schemasDir()): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return schemaFilesOnDisk(full);
    return entry.name.endsWith('.json') ? [path.relative(schemasDir(), full).slice(0, -'.json'.length).split(path.sep).join('/')] : [];
  });
}

describe('schemas/', () => {
  const schemas = loadSchemas();

  it('loads every .json file of the folder through loadSchemas()', () => {
    expect([...schemas.keys()]).to.have.members(schemaFilesOnDisk());
    expect(schemas.size).to.be.greaterThan(0);
  });

  it('gives each schema an $id made of its file name, so references between files resolve', () => {
    for (const [name, schema] of schemas) expect(schema.$id, `schemas/${name}.json`).to.equal(`${schemaIdBase}${name}.json`);
  });

  it('declares JSON Schema 2020-12 in every file', () => {
    for (const [name, schema] of schemas) expect(schema.$schema, `schemas/${name}.json`).to.equal(dialect);
  });

  it('has only schemas that are valid against the JSON Schema 2020-12 meta-schema', () => {
    const ajv = new Ajv2020({ strict: false, validateSchema: false });
    for (const [name, schema] of schemas) {
      const valid = ajv.validateSchema(schema);
      expect(valid, `schemas/${name}.json: ${ajv.errorsText(ajv.errors)}`).to.equal(true);
    }
  });

  it('compiles every schema in strict mode, with the validator the server uses', () => {
    const ajv = createAjv({ coerce: false });
    for (const name of schemas.keys()) {
      expect(() => ajv.getSchema(`${schemaIdBase}${name}.json`), `schemas/${name}.json`).to.not.throw();
      expect(ajv.getSchema(`${schemaIdBase}${name}.json`), `schemas/${name}.json`).to.be.a('function');
    }
  });
});
