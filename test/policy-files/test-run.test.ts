import { expect } from 'chai';
import { meetsMinimum } from '../../cli/src/policy-files/coverage.js';
import { prepareTests } from '../../cli/src/policy-files/prepare-tests.js';
import { runTests } from '../../cli/src/policy-files/test-runner.js';
import { loadCases } from './support/cases.js';

interface RunCase {
  name: string;
  files: Record<string, string>;
  filter?: string;
  blocking?: string[];
  results?: Array<{ test: string; passed: boolean; checks?: number; failures?: string[]; explanation?: string }>;
  coverage?: { rules?: string; conditions?: string; uncovered?: string[] };
}

describe('policy test runner (cases in test/policy-files/cases/test-run.cases.yaml)', () => {
  const { cases } = loadCases<{ cases: RunCase[] }>('test-run.cases.yaml');

  for (const runCase of cases) {
    it(runCase.name, () => {
      // Sorted by path, as the command reads a folder.
      const files = Object.entries(runCase.files)
        .map(([path, text]) => ({ path, text }))
        .sort((a, b) => a.path.localeCompare(b.path));
      const prepared = prepareTests(files, files);
      const blocking = prepared.blocking.map((finding) => `${finding.file}:${finding.line}:${finding.col} ${finding.rule}`);
      if (runCase.blocking) {
        expect(blocking).to.deep.equal(runCase.blocking);
        return;
      }
      expect(blocking, 'no error stops the run').to.deep.equal([]);
      const run = runTests(prepared.cases, prepared.policies, { filter: runCase.filter });
      const results = run.results.map((result, index) => {
        const wanted = runCase.results?.[index];
        const failed = result.checks.filter((check) => !check.passed);
        return {
          test: result.name,
          passed: result.passed,
          ...(wanted?.checks === undefined ? {} : { checks: result.checks.length }),
          ...(wanted?.failures === undefined
            ? {}
            : { failures: failed.map((check) => `${check.principal} × ${check.resource} × ${check.action}: ${check.failure}`) }),
          ...(wanted?.explanation === undefined ? {} : { explanation: failed[0]?.explanation }),
        };
      });
      if (runCase.results) expect(results).to.deep.equal(runCase.results);
      const { coverage } = runCase;
      if (coverage?.rules) expect(`${run.coverage.rules.covered}/${run.coverage.rules.total}`, 'rules').to.equal(coverage.rules);
      if (coverage?.conditions)
        expect(`${run.coverage.conditions.covered}/${run.coverage.conditions.total}`, 'condition outcomes').to.equal(coverage.conditions);
      if (coverage?.uncovered)
        expect(run.coverage.uncovered.map((item) => `${item.file}:${item.line}:${item.col} ${item.message}`)).to.deep.equal(coverage.uncovered);
    });
  }

  it('reports the summary of a run: files, tests, passed, failed and checks', () => {
    const files = Object.entries(cases[1]!.files).map(([path, text]) => ({ path, text }));
    const prepared = prepareTests(files, files);
    expect(runTests(prepared.cases, prepared.policies).summary).to.deep.equal({ files: 1, tests: 1, passed: 0, failed: 1, checks: 2 });
  });

  describe('meetsMinimum', () => {
    const ratio = (covered: number, total: number) => ({ covered, total, percent: total === 0 ? 100 : (covered / total) * 100 });

    it('requires both rule and condition-outcome coverage to reach the minimum', () => {
      expect(meetsMinimum({ rules: ratio(9, 10), conditions: ratio(10, 10) }, 90)).to.equal(true);
      expect(meetsMinimum({ rules: ratio(9, 10), conditions: ratio(10, 10) }, 91)).to.equal(false);
      expect(meetsMinimum({ rules: ratio(10, 10), conditions: ratio(17, 20) }, 90)).to.equal(false);
    });

    it('compares exact ratios, so 2/3 does not reach 67', () => {
      expect(meetsMinimum({ rules: ratio(2, 3), conditions: ratio(0, 0) }, 66)).to.equal(true);
      expect(meetsMinimum({ rules: ratio(2, 3), conditions: ratio(0, 0) }, 67)).to.equal(false);
    });

    it('counts nothing to cover as covered', () => {
      expect(meetsMinimum({ rules: ratio(0, 0), conditions: ratio(0, 0) }, 100)).to.equal(true);
    });
  });
});
