import { expect } from 'chai';
import { stringify } from 'yaml';
import { validatorFor } from '../../core/src/index.js';
import { caseTime, conditionCases, engineRequest } from '../core/engine/support/condition-cases.js';
import { policyFoldersOfSuite } from '../policy-files/support/policy-dirs.js';
import { runCli } from './run-cli.js';

/**
 * The cases of test/core/engine/cases/conditions.cases.yaml as a policy repository: one policy file
 * and one test file per case, each request a test. `acctl policy lint` accepts every policy,
 * `acctl policy test` gets every decision the engine does, and a test whose expectation is turned
 * around fails, so the run is not passing by accident.
 */
describe('acctl policy lint and test on the policy language (cases/conditions.cases.yaml)', function () {
  this.timeout(60000);
  const folder = policyFoldersOfSuite();

  it('lints every case policy clean and passes every case request as a test, all but the one turned around', async () => {
    const files: Record<string, string> = {};
    let tests = 0;
    conditionCases().forEach((conditionCase, caseIndex) => {
      const name = `case-${caseIndex}`;
      files[`${name}.yaml`] = stringify({ name, description: conditionCase.name, status: 'active', rules: conditionCase.rules });
      const principals: Record<string, unknown> = {};
      const resources: Record<string, unknown> = {};
      const caseTests = conditionCase.requests.flatMap((request, index) => {
        const body = engineRequest(request);
        // Wrong kinds where the request schema names the kind are refused by test files too.
        if (!validatorFor('simulation-request')(body)) return [];
        principals[`p${index}`] = body.principal;
        resources[`r${index}`] = body.resource;
        const turnedAround = caseIndex === 0 && index === 0;
        return [
          {
            name: `${turnedAround ? 'turned around: ' : ''}${request.name ?? `request ${index}`}`,
            principals: [`p${index}`],
            resources: [`r${index}`],
            actions: [body.action],
            at: caseTime(conditionCase, request),
            ...(body.context ? { context: body.context } : {}),
            expect: turnedAround ? (request.expect === 'allow' ? 'deny' : 'allow') : request.expect,
          },
        ];
      });
      tests += caseTests.length;
      files[`${name}.test.yaml`] = stringify({ name: conditionCase.name, policies: [name], principals, resources, tests: caseTests });
    });
    const repository = folder(files);

    const lint = await runCli(['policy', 'lint', repository.dir, '--json']);
    expect(lint.exitCode, lint.stdout).to.equal(0);
    expect(JSON.parse(lint.stdout).findings.filter((finding: { severity: string }) => finding.severity === 'error')).to.deep.equal([]);

    const run = await runCli(['policy', 'test', repository.dir, '--json']);
    const report = JSON.parse(run.stdout);
    expect(report.summary.tests, run.stdout.slice(0, 2000)).to.equal(tests);
    expect(tests).to.be.greaterThan(100);
    const failed = report.results.filter((result: { passed: boolean }) => !result.passed).map((result: { name: string }) => result.name);
    expect(failed).to.deep.equal([`turned around: ${conditionCases()[0]!.requests[0]!.name}`]);
    expect(run.exitCode).to.not.equal(0);
  });
});
