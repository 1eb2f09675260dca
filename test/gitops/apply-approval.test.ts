import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyList } from '../../core/src/index.js';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../audit/helpers.js';
import { apiAs, apiCli, serverOrigin } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { runInTerminal, type TerminalRun } from '../cli/audit/terminal.js';
import { copyOfExampleRepository, editFile } from './support.js';

const otherRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'api', identifiers: ['x'] }, actions: ['read'] };

/**
 * `acctl policy apply` asks before it changes a server, as terraform apply does: in a terminal it
 * shows the plan and waits for `yes`; without one it needs --auto-approve or a saved plan. The
 * terminal is a real pseudo-terminal (util-linux `script`), as a person's shell gives it.
 */
describe('acctl policy apply asks before it changes a server', function () {
  this.timeout(180_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let env: Record<string, string>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;

  const exit = (result: CliResult, code: number): CliResult => {
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
    return result;
  };
  const liveNames = async (): Promise<string[]> => ((await call('GET', '/v1/policies?limit=100')) as PolicyList).data.map((item) => item.name).sort();

  /** Runs apply in a terminal, waits for the question, types `answer` and Enter, and returns the exit code and the screen. */
  async function answerInTerminal(args: string[], answer: string): Promise<{ exitCode: number | null; screen: string }> {
    const run: TerminalRun = runInTerminal(args, env);
    try {
      await eventually(async () => (run.output().includes('Enter a value:') ? true : undefined), 90_000, 'the question').catch((error: Error) => {
        throw new Error(`${error.message}:\n${run.output()}`);
      });
      run.child.stdin!.write(`${answer}\r`);
      const exitCode = await run.exited;
      return { exitCode, screen: run.output() };
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    env = { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: admin.client.clientId, ACCTL_CLIENT_SECRET: admin.client.clientSecret };
    dir = copyOfExampleRepository();
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses without a terminal and without --auto-approve, in one line with exit 2, and changes nothing', async () => {
    const [plain, json] = await Promise.all([cli(['policy', 'apply', dir]), cli(['policy', 'apply', dir, '--prune', '--json'])]);
    exit(plain, exitCodes.usage_error);
    expect(plain.stderr.trim().split('\n')).to.deep.equal([
      'Error: acctl policy apply cannot ask for approval without a terminal: add --auto-approve, or apply a saved plan (acctl policy plan --out plan.json); nothing was applied',
    ]);
    expect(plain.stdout).to.equal('');
    // --json cannot carry a question either (terraform: "-json requires -auto-approve" without a saved plan).
    exit(json, exitCodes.usage_error);
    expect(json.json<{ error: { code: string; message: string } }>().error).to.include({ code: 'usage_error' });
    expect(json.json<{ error: { message: string } }>().error.message).to.include('cannot ask for approval with --json');
    expect(await liveNames()).to.deep.equal([]);
  });

  it('shows the plan in a terminal and applies nothing on any answer but yes: "Apply cancelled", exit 1', async () => {
    const { exitCode, screen } = await answerInTerminal(['policy', 'apply', dir], 'y');
    expect(screen).to.include('Plan: 16 to create, 0 to update, 0 to delete, 0 unchanged.');
    expect(screen).to.include('Do you want to perform these actions?').and.include("Only 'yes' will be accepted to approve.");
    expect(screen).to.include('Error: Apply cancelled: nothing was changed');
    expect(exitCode).to.equal(exitCodes.apply_cancelled);
    expect(exitCodes.apply_cancelled).to.equal(1);
    expect(await liveNames()).to.deep.equal([]);
  });

  it('applies the plan it showed when the answer is yes', async () => {
    const { exitCode, screen } = await answerInTerminal(['policy', 'apply', dir], 'yes');
    expect(exitCode, screen).to.equal(0);
    expect(screen).to.include('Apply complete: 16 created, 0 updated, 0 deleted.');
    expect(await liveNames()).to.have.length(16);
  });

  it('names the policies --prune deletes apart, before the question', async () => {
    for (const name of ['retired-a', 'retired-b'])
      await call('POST', '/v1/policies', { name, rules: [otherRule], metadata: { managed_by: 'platform-security' } });
    const { exitCode, screen } = await answerInTerminal(['policy', 'apply', dir, '--prune'], 'no');
    expect(exitCode).to.equal(1);
    const warning = screen.indexOf('Warning: this deletes 2 policies (--prune): retired-a, retired-b');
    expect(warning, screen).to.be.greaterThan(screen.indexOf('Plan: 0 to create, 0 to update, 2 to delete'));
    expect(warning).to.be.lessThan(screen.indexOf('Do you want to perform these actions?'));
    expect(await liveNames()).to.include.members(['retired-a', 'retired-b']);
  });

  it('applies a saved plan without asking, in a terminal or not: the reviewed plan is the approval', async () => {
    const planFile = path.join(dir, 'reviewed-plan.json');
    exit(await cli(['policy', 'plan', dir, '--prune', '--out', planFile]), 2);
    const applied = exit(await cli(['policy', 'apply', planFile]), 0);
    expect(applied.stdout).to.include('Apply complete: 0 created, 0 updated, 2 deleted.');
    expect(await liveNames()).not.to.include.members(['retired-a']);
    rmSync(planFile);
  });

  it('applies without asking with --auto-approve, even in a terminal', async () => {
    editFile(dir, 'api-read.yaml', (text) => text.replace(/^status: active$/m, 'status: draft'));
    const run = runInTerminal(['policy', 'apply', dir, '--auto-approve'], env);
    try {
      const exitCode = await run.exited;
      expect(exitCode, run.output()).to.equal(0);
      expect(run.output()).to.include('Apply complete: 0 created, 1 updated, 0 deleted.');
      expect(run.output()).not.to.include('Enter a value');
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });

  it('refuses a saved plan when the server moved since, exit 9 naming the policy, and writes nothing', async () => {
    editFile(dir, 'api-read.yaml', (text) => text.replace(/^status: draft$/m, 'status: active'));
    writeFileSync(
      path.join(dir, 'brand-new.yaml'),
      'name: brand-new\nrules:\n  - effect: allow\n    principals: {type: USER}\n    resources: {type: api, identifiers: [n]}\n    actions: [read]\n',
    );
    const planFile = path.join(dir, 'stale-plan.json');
    const planned = exit(await cli(['policy', 'plan', dir, '--out', planFile, '--json']), 2).json<Plan>();
    expect(planned.summary).to.include({ create: 1, update: 1 });
    // Someone changes api-read on the server after the review; the saved plan must not overwrite it.
    const live = ((await call('GET', '/v1/policies?name=api-read')) as PolicyList).data[0]!;
    const current = await call('GET', `/v1/policies/${live.id}`);
    await call('PUT', `/v1/policies/${live.id}`, {
      name: current.name,
      description: 'changed after the review',
      rules: current.rules,
      metadata: current.metadata,
    });
    const result = exit(await cli(['policy', 'apply', planFile, '--json']), exitCodes.stale_plan);
    const error = result.json<{ error: { code: string; message: string } }>().error;
    expect(error.code).to.equal('stale_plan');
    expect(error.message).to.equal(
      `The server changed since the plan, nothing was applied: policy "api-read" is at version ${current.version + 1} on the server, the plan saw version ${current.version}`,
    );
    expect((await call('GET', `/v1/policies/${live.id}`)).description).to.equal('changed after the review');
    // Not even the create the plan also held: a reviewed plan is applied whole or not at all.
    expect(await liveNames()).not.to.include('brand-new');
    rmSync(planFile);
    rmSync(path.join(dir, 'brand-new.yaml'));
  });

  it('gives a lint error the same exit code in lint, plan and apply (1), changing nothing', async () => {
    editFile(dir, 'api-read.yaml', (text) => text.replace('rules:', 'rulez:'));
    const [lint, plan, apply, applyJson] = await Promise.all([
      cli(['policy', 'lint', dir]),
      cli(['policy', 'plan', dir, '--json']),
      cli(['policy', 'apply', dir, '--auto-approve']),
      cli(['policy', 'apply', dir, '--auto-approve', '--json']),
    ]);
    for (const result of [lint, plan, apply, applyJson]) exit(result, 1);
    expect(apply.stderr).to.include('error(s) in the policy files; nothing was compared or applied');
    for (const result of [plan, applyJson]) expect(result.json<{ error: { code: string } }>().error.code).to.equal('lint_failed');
    editFile(dir, 'api-read.yaml', (text) => text.replace('rulez:', 'rules:'));
  });
});
