import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { lintRules } from '../../cli/src/policy-files/lint-rules.js';
import { repoRoot } from '../cli/run-cli.js';

describe('docs/policy-files.md', () => {
  it('lists every lint rule with its severity and meaning, as cli/src/policy-files/lint-rules.ts defines them', () => {
    const doc = readFileSync(path.join(repoRoot, 'docs', 'policy-files.md'), 'utf8');
    const table = /<!-- lint-rules:start -->\n([\s\S]*?)<!-- lint-rules:end -->/.exec(doc)?.[1];
    expect(table, 'the lint-rules markers').to.be.a('string');
    const documented = table!
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split(' | ').map((cell) => cell.replace(/^\| /, '').replace(/ \|$/, '')));
    const defined = Object.entries(lintRules).map(([id, rule]) => [`\`${id}\``, rule.severity, rule.summary]);
    expect(documented).to.deep.equal(defined);
  });
});
