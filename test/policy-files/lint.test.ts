import { expect } from 'chai';
import { lintFiles, lintFails } from '../../cli/src/policy-files/lint.js';
import { loadCases } from './support/cases.js';

interface LintCase {
  name: string;
  files: Record<string, string>;
  findings: Array<{ at: string; rule: string; severity?: string; message?: string; suggestion?: string }>;
}

describe('policy lint (cases in test/policy-files/cases/lint.cases.yaml)', () => {
  const { cases } = loadCases<{ cases: LintCase[] }>('lint.cases.yaml');

  for (const lintCase of cases) {
    it(lintCase.name, () => {
      const report = lintFiles(Object.entries(lintCase.files).map(([path, text]) => ({ path, text })));
      const actual = report.findings.map((finding, index) => {
        const wanted = lintCase.findings[index];
        return {
          at: `${finding.file}:${finding.line}:${finding.col}`,
          rule: finding.rule,
          ...(wanted?.severity === undefined ? {} : { severity: finding.severity }),
          ...(wanted?.message === undefined ? {} : { message: finding.message }),
          ...(wanted?.suggestion === undefined ? {} : { suggestion: finding.suggestion }),
        };
      });
      expect(
        actual,
        report.findings.map((finding) => `${finding.file}:${finding.line}:${finding.col} ${finding.rule}: ${finding.message}`).join('\n'),
      ).to.deep.equal(lintCase.findings);
    });
  }

  it('gives every finding a source excerpt with a caret under its span', () => {
    const report = lintFiles([
      {
        path: 'db.yaml',
        text: 'name: db\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: database, identifiers: [x]}\n    acitons: [read]\n',
      },
    ]);
    expect(report.findings[0]!.excerpt).to.equal('6 |     acitons: [read]\n  |     ^^^^^^^');
  });

  it('fails on errors, and on warnings only when strict', () => {
    expect(lintFails({ errors: 1, warnings: 0 }, false)).to.equal(true);
    expect(lintFails({ errors: 0, warnings: 2 }, false)).to.equal(false);
    expect(lintFails({ errors: 0, warnings: 2 }, true)).to.equal(true);
    expect(lintFails({ errors: 0, warnings: 0 }, true)).to.equal(false);
  });
});
