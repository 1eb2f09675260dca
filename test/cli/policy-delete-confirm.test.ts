import { expect } from 'chai';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { eventually } from '../helpers/eventually.js';
import { requestCount } from '../helpers/request-counts.js';
import { apiAs, apiCli, serverOrigin } from './resources-support.js';
import { runInTerminal } from './audit/terminal.js';

const denyRule = { effect: 'deny', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['drop'] };

/**
 * Issue #34, finding 4: `acctl policy delete` asks as `acctl policy apply` does: in a terminal it
 * says what the policy does and how to undo, and only `yes` deletes; elsewhere it needs --yes.
 * The terminal is a real pseudo-terminal (util-linux `script`), as a person's shell gives it.
 */
describe('acctl policy delete asks before it deletes', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let env: Record<string, string>;

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    env = { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: admin.client.clientId, ACCTL_CLIENT_SECRET: admin.client.clientSecret };
  });
  after(async () => t.close());

  const breakGlass = (name: string) =>
    call('POST', '/v1/policies', { name, status: 'active', rules: [denyRule], metadata: { managed_by: 'platform-security' } });
  const statusOf = async (id: string): Promise<string> => (await call('GET', `/v1/policies/${id}`)).status;

  async function answerInTerminal(args: string[], answer: string): Promise<{ exitCode: number | null; screen: string }> {
    const run = runInTerminal(args, env);
    try {
      await eventually(async () => (run.output().includes('Enter a value:') ? true : undefined), 60_000, 'the question').catch((error: Error) => {
        throw new Error(`${error.message}:\n${run.output()}`);
      });
      run.child.stdin!.write(`${answer}\r`);
      return { exitCode: await run.exited, screen: run.output() };
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  }

  it('refuses without a terminal and without --yes (exit 2), with --json too, and deletes nothing', async () => {
    const policy = await breakGlass('break-glass-ci');
    const [plain, json] = await Promise.all([cli(['policy', 'delete', policy.name]), cli(['policy', 'delete', policy.name, '--json'])]);
    expect(plain.exitCode, plain.stderr).to.equal(exitCodes.usage_error);
    expect(plain.stderr).to.include('acctl policy delete cannot ask for approval without a terminal: add --yes; nothing was deleted');
    expect(json.exitCode).to.equal(exitCodes.usage_error);
    expect(json.json<{ error: { message: string } }>().error.message).to.include('cannot ask for approval with --json');
    expect(await statusOf(policy.id)).to.equal('active');
  });

  it('deletes with --yes and says how to undo', async () => {
    const policy = await breakGlass('break-glass-yes');
    const result = await cli(['policy', 'delete', policy.name, '--yes']);
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout).to.include(`undo with: acctl policy restore ${policy.id}`);
    expect(await statusOf(policy.id)).to.equal('deleted');
  });

  it('says in a terminal that an active deny is enforced, which repository manages it and how to undo, and deletes nothing on any answer but yes (exit 1)', async () => {
    const policy = await breakGlass('break-glass-tty');
    const { exitCode, screen } = await answerInTerminal(['policy', 'delete', policy.name], 'y');
    expect(screen).to.include('It is enforced now').and.include('It has 1 deny rule');
    expect(screen).to.include('A repository manages it (managed_by: platform-security)');
    expect(screen).to.include(`Undo: acctl policy restore ${policy.id}`);
    expect(screen).to.include('Delete cancelled: nothing was deleted');
    expect(exitCode).to.equal(exitCodes.delete_cancelled);
    expect(await statusOf(policy.id)).to.equal('active');
  });

  it('deletes in a terminal when the answer is yes, reading the policy named by id once', async () => {
    const policy = await breakGlass('break-glass-tty-yes');
    const reads = await requestCount(t.app, 'GET', '/v1/policies/:id');
    const { exitCode, screen } = await answerInTerminal(['policy', 'delete', policy.id], 'yes');
    expect(exitCode, screen).to.equal(0);
    // The lookup by id read the whole policy; the question shows it without a second read.
    expect((await requestCount(t.app, 'GET', '/v1/policies/:id')) - reads).to.equal(1);
    expect(await statusOf(policy.id)).to.equal('deleted');
  });
});
