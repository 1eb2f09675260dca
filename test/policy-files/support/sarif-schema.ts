import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { repoRoot } from '../../cli/run-cli.js';

/**
 * The SARIF 2.1.0 schema (test/fixtures/sarif/README.md says where it comes from). Draft-04, read
 * by Ajv's draft-07 validator: `id` is `$id` there, and the schema uses no keyword whose meaning
 * changed between the two. Its `language` pattern is no valid `u` regular expression, hence
 * unicodeRegExp: false. Returns the problems of a log, none when it is valid.
 */
export function sarifValidator(): (log: unknown) => string[] {
  const {
    id,
    $schema: _draft,
    ...schema
  } = JSON.parse(readFileSync(path.join(repoRoot, 'test', 'fixtures', 'sarif', 'sarif-2.1.0-rtm.5.json'), 'utf8')) as {
    id: string;
    $schema: string;
  };
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats.default(ajv);
  const validate = ajv.compile({ ...schema, $id: id });
  return (log) => (validate(log) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`));
}
