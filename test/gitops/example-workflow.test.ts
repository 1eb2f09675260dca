import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import { repoRoot } from '../cli/run-cli.js';
import { copyOfExampleRepository } from './support.js';

const workflowFile = path.join(repoRoot, '.github/workflows/example-policy-repository.yml');

interface WorkflowCommand {
  job: string;
  args: string[];
  /** `> file`: stdout goes there. */
  stdoutTo?: string;
  /** `|| test $? -eq 2`: exit 2 is a success too. */
  okExitCodes: number[];
}

/** The `acctl ...` lines of the workflow's run steps, job by job, in order. */
function workflowCommands(): WorkflowCommand[] {
  const workflow = parse(readFileSync(workflowFile, 'utf8')) as { jobs: Record<string, { steps: Array<{ run?: string }> }> };
  const commands: WorkflowCommand[] = [];
  for (const [job, { steps }] of Object.entries(workflow.jobs)) {
    for (const line of steps.flatMap((step) => (step.run ?? '').split('\n')).map((text) => text.trim())) {
      if (!line.startsWith('acctl ')) continue;
      const [command = '', fallback] = line.split(' || ');
      const [words = '', redirect] = command.split(' > ');
      commands.push({
        job,
        args: words.trim().split(/\s+/).slice(1),
        ...(redirect ? { stdoutTo: redirect.trim() } : {}),
        okExitCodes: fallback === 'test $? -eq 2' ? [0, 2] : [0],
      });
    }
  }
  return commands;
}

describe('the example workflow of a policy repository (.github/workflows/example-policy-repository.yml)', function () {
  this.timeout(300000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let dir: string;

  before(async () => {
    t = await startTestApp({ listen: true });
    cli = apiCli(t, (await apiAs(t, ['read:policies', 'write:policies', 'delete:policies'])).client);
    dir = copyOfExampleRepository();
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs its commands in order: checks, a plan comment on the pull request, then apply of that saved plan on main', async () => {
    const commands = workflowCommands();
    expect(commands.map((command) => `${command.job}: ${command.args.join(' ')}`)).to.deep.equal([
      'checks: policy fmt . --check',
      'checks: policy lint . --strict --format github',
      'checks: policy test . --format github',
      'plan: policy plan . --prune --format markdown --out plan.json',
      // The plan the pull request reviewed, not a fresh plan of main: no --auto-approve, no folder.
      'apply: policy apply plan.json',
    ]);
    const env = { GITHUB_STEP_SUMMARY: path.join(dir, 'step-summary.md'), GITHUB_SHA: 'feedfacefeedfacefeedfacefeedfacefeedface', GITHUB_ACTOR: 'octocat' };
    writeFileSync(env.GITHUB_STEP_SUMMARY, '');
    for (const command of commands) {
      // The workflow runs in the repository's root: `.` there is the copy here, and files it writes go beside it.
      const args = command.args.map((arg) => (arg === '.' ? dir : arg === 'plan.json' ? path.join(dir, 'plan.json') : arg));
      const result = await cli(args, { env });
      expect(command.okExitCodes, `${command.args.join(' ')} exited ${result.exitCode}\n${result.stdout}\n${result.stderr}`).to.include(result.exitCode);
      if (command.stdoutTo) writeFileSync(path.join(dir, command.stdoutTo), result.stdout);
    }
    const comment = readFileSync(path.join(dir, 'plan.md'), 'utf8');
    expect(comment).to.match(/^### 📝 acctl policy plan\n\n\*\*Plan: 15 to create, 0 to update, 0 to delete, 0 unchanged\.\*\*/);
    const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as Plan;
    expect(saved.summary.create).to.equal(15);
    // After apply on main, the next pull request's plan has nothing to do.
    const after = await cli(['policy', 'plan', dir, '--prune', '--json']);
    expect(after.exitCode, after.stderr).to.equal(0);
    expect(after.json<Plan>().summary).to.include({ unchanged: 15, create: 0 });
    // A re-run of the apply job with the same plan changes nothing: the server moved since it (exit 9).
    const again = await cli(['policy', 'apply', path.join(dir, 'plan.json')]);
    expect(again.exitCode, again.stderr).to.equal(9);
  });

  it("keeps secrets from forks' pull requests: they lint and test, and skip the plan with a notice", () => {
    const workflow = parse(readFileSync(workflowFile, 'utf8')) as {
      jobs: Record<
        string,
        { if?: string; needs?: string; environment?: string; steps: Array<{ if?: string; run?: string; uses?: string; with?: Record<string, unknown> }> }
      >;
    };
    const { checks, plan } = workflow.jobs;
    const fromFork = 'github.event.pull_request.head.repo.full_name != github.repository';
    // Checks run on every pull request, a fork's included: their condition says nothing of forks (nor of vars, which forks do not get either).
    expect(checks!.if).to.equal("github.repository != 'acctl/acctl'");
    const skip = checks!.steps.find((step) => step.if?.includes(fromFork));
    expect(skip?.run).to.include('::notice title=acctl policy plan skipped::').and.include('GITHUB_STEP_SUMMARY');
    expect(plan!.if).to.include('github.event.pull_request.head.repo.full_name == github.repository');
    expect(plan!.needs).to.equal('checks');
    expect(plan!.steps.find((step) => step.uses?.startsWith('actions/upload-artifact@'))?.with).to.include({ name: 'policy-plan', path: 'plan.json' });
  });

  it('protects apply with a GitHub environment and applies the artifact of the pull request it merged', () => {
    const workflow = parse(readFileSync(workflowFile, 'utf8')) as {
      jobs: Record<
        string,
        { needs?: string; environment?: string; steps: Array<{ id?: string; run?: string; uses?: string; with?: Record<string, unknown> }> }
      >;
    };
    const apply = workflow.jobs.apply!;
    expect(apply.environment).to.equal('policies');
    expect(apply.needs).to.equal('checks');
    const find = apply.steps.find((step) => step.id === 'reviewed');
    // Only a pull request of this repository (a fork's run could upload anything under that name), its last commit, a successful run.
    expect(find?.run).to.include('.head.repo.full_name == env.GITHUB_REPOSITORY').and.include('.head_repository.full_name == env.GITHUB_REPOSITORY');
    expect(find?.run).to.include('status=success&head_sha=$head');
    const download = apply.steps.find((step) => step.uses?.startsWith('actions/download-artifact@'));
    expect(download?.with).to.include({ name: 'policy-plan', 'run-id': '${{ steps.reviewed.outputs.run-id }}' });
    expect(apply.steps.indexOf(download!)).to.be.lessThan(apply.steps.findIndex((step) => step.run?.includes('acctl policy apply plan.json')));
  });
});
