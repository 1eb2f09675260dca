import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { formatFile } from '../../cli/src/policy-files/format.js';
import { repoRoot } from '../cli/run-cli.js';
import { loadCases } from './support/cases.js';

interface FormatCase {
  name: string;
  path: string;
  input: string;
  output?: string;
  unformattable?: string;
}

describe('policy fmt (cases in test/policy-files/cases/format.cases.yaml)', () => {
  const { cases } = loadCases<{ cases: FormatCase[] }>('format.cases.yaml');

  for (const formatCase of cases) {
    it(formatCase.name, () => {
      const result = formatFile({ path: formatCase.path, text: formatCase.input });
      if (formatCase.unformattable !== undefined) {
        expect(result.formatted).to.equal(undefined);
        expect(`${result.findings[0]?.line}:${result.findings[0]?.col}`).to.equal(formatCase.unformattable);
        return;
      }
      const expected = formatCase.output ?? formatCase.input;
      expect(result.formatted).to.equal(expected);
      expect(result.changed).to.equal(expected !== formatCase.input);
      expect(formatFile({ path: formatCase.path, text: expected }).changed, 'formatting the output again changes it').to.equal(false);
    });
  }

  it('finds every file of policies-example/ already formatted', () => {
    const dir = path.join(repoRoot, 'policies-example');
    const files = readdirSync(dir).filter((name) => name.endsWith('.yaml'));
    expect(files.length).to.be.greaterThan(20);
    for (const name of files) {
      const result = formatFile({ path: name, text: readFileSync(path.join(dir, name), 'utf8') });
      expect(result.changed, `policies-example/${name} is not formatted`).to.equal(false);
    }
  });
});
