import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { repoRoot } from '../../scripts/doc-blocks.js';
import { lintOpenApiDocument } from '../../scripts/redocly-lint.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

type RedoclyReport = {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: string; message: string; location: Array<{ pointer: string }> }>;
};

describe('redocly lint on the served OpenAPI document (redocly.yaml)', () => {
  let t: TestApp;
  let document: string;
  before(async () => {
    t = await startTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).body;
  });
  after(() => t.close());

  it('finds no error', function () {
    this.timeout(60_000);
    const result = lintOpenApiDocument(document, 'json');
    const report = JSON.parse(result.stdout) as RedoclyReport;
    const errors = report.problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}: ${problem.message}`)).to.deep.equal([]);
    expect(report.totals.errors).to.equal(0);
    expect(result.status).to.equal(0);
  });

  it('finds the errors of a document that has them (an undeclared path parameter), so the check can fail', function () {
    this.timeout(60_000);
    const broken = JSON.parse(document) as { paths: Record<string, Record<string, { parameters: unknown[] }>> };
    broken.paths['/policies/{id}']!.get!.parameters = [];
    const result = lintOpenApiDocument(JSON.stringify(broken), 'json');
    const report = JSON.parse(result.stdout) as RedoclyReport;
    expect(report.problems.map((problem) => problem.ruleId)).to.include('path-parameters-defined');
    expect(result.status).to.equal(1);
  });

  it('runs in CI: npm run lint:openapi in .ci/run and in a job of ci.yml', () => {
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['lint:openapi']).to.equal('tsx scripts/lint-openapi.ts');
    expect(readFileSync(path.join(repoRoot, '.ci/run'), 'utf8')).to.match(/^checks=\([^)]*\blint:openapi\b/m);
    const ci = parse(readFileSync(path.join(repoRoot, '.github/workflows/ci.yml'), 'utf8')) as { jobs: Record<string, { steps?: Array<{ run?: string }> }> };
    expect(Object.values(ci.jobs).some((job) => (job.steps ?? []).some((step) => step.run === 'npm run lint:openapi'))).to.equal(true);
  });
});
