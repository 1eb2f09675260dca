import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { parse } from 'yaml';

const casesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cases');

/**
 * A YAML file of test cases, checked against the JSON Schema it declares on its first line
 * (`# yaml-language-server: $schema=./x.schema.json`), so a malformed case fails loudly instead of
 * testing nothing.
 */
export function loadCases<T>(fileName: string, dir: string = casesDir): T {
  const text = readFileSync(path.join(dir, fileName), 'utf8');
  const schemaName = /^# yaml-language-server: \$schema=\.\/(\S+)$/m.exec(text)?.[1];
  if (!schemaName) throw new Error(`${fileName}: the first line must name its schema (# yaml-language-server: $schema=./<name>.schema.json)`);
  const schema = JSON.parse(readFileSync(path.join(dir, schemaName), 'utf8')) as object;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
  const data = parse(text) as unknown;
  if (!validate(data)) throw new Error(`${fileName} does not match ${schemaName}: ${JSON.stringify(validate.errors, null, 2)}`);
  return data as T;
}
