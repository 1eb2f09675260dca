import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import PolicyDiff from '../../cli/src/commands/policy/diff.js';
import PolicyPlan from '../../cli/src/commands/policy/plan.js';
import { accessUnknown } from '../../cli/src/gitops/access.js';
import { verdictText } from '../../cli/src/gitops/access-report.js';
import { ACCESS_ANALYSIS_HORIZON_DAYS, compareAccess } from '../../core/src/index.js';
import { repoRoot } from '../cli/run-cli.js';

/**
 * The horizon of the access proof is stated once, as a number of days, and every place that tells
 * a user what "cannot widen" covers says that number: the verdict line, plan's and diff's help, the
 * manual. "The coming year" was ambiguous beside a scan of 366 days.
 */
describe('the access proof states its horizon: the 366 days from the run, the same number in the code, the output and the manual', () => {
  const days = `${ACCESS_ANALYSIS_HORIZON_DAYS} days`;

  it('the analysis scans 366 days: a window that opens on the 366th day from now is found, one on the 367th is not', () => {
    const now = new Date('2026-03-10T10:00:00Z');
    const rule = (after: string) => ({
      effect: 'allow' as const,
      principals: { type: 'USER' },
      resources: { type: 'api', identifiers: ['x'] },
      actions: ['read'],
      conditions: [{ type: 'time' as const, operator: 'after' as const, value: after }],
    });
    const within = new Date(now.getTime() + (ACCESS_ANALYSIS_HORIZON_DAYS - 1) * 86_400_000 + 3_600_000).toISOString();
    const beyond = new Date(now.getTime() + ACCESS_ANALYSIS_HORIZON_DAYS * 86_400_000 + 3_600_000).toISOString();
    expect(ACCESS_ANALYSIS_HORIZON_DAYS).to.equal(366);
    const widensAt = (after: string) => compareAccess([], [{ id: 'p', version: 1, name: 'p', rules: [rule(after)] }], { now }).widens.status;
    expect(widensAt(within)).to.equal('yes');
    expect(widensAt(beyond)).to.equal('no');
  });

  it('the verdict line names the number of days and the instant they start from', () => {
    const access = { ...accessUnknown('x', new Date('2026-03-10T10:00:00Z')), widens: false as const };
    expect(verdictText(access, 'widens')).to.equal(
      `Access cannot widen (proved over every request, at every instant of the ${days} from 2026-03-10 10:00 UTC)`,
    );
  });

  it("plan's and diff's help and the manual say the same number of days, and never the coming year", () => {
    const texts: Record<string, string> = {
      'policy plan --help': PolicyPlan.description ?? '',
      'policy diff --help': PolicyDiff.description ?? '',
      'docs/policies.md': readFileSync(path.join(repoRoot, 'docs', 'policies.md'), 'utf8'),
      'docs/policy-language.md': readFileSync(path.join(repoRoot, 'docs', 'policy-language.md'), 'utf8'),
      'docs/cli.md': readFileSync(path.join(repoRoot, 'docs', 'cli.md'), 'utf8'),
    };
    for (const [where, text] of Object.entries(texts)) {
      expect(text, where).to.include(`${days} from`);
      expect(text, where).to.not.match(/coming year/i);
    }
  });
});
