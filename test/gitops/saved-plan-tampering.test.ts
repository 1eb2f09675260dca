import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import type { Plan, PlanChange } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { copyOfExampleRepository, editFile, exitWith } from './support.js';

/**
 * A saved plan is hostile input (it passes through CI storage and people's hands): apply refuses a
 * file edited since acctl policy plan --out wrote it, before it sends anything, and a plan whose
 * names no longer meet the server's ids says so truthfully. Each test edits a fresh plan one way and
 * shows the server unchanged afterwards.
 */
describe('acctl policy apply of an edited saved plan', function () {
  this.timeout(120000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  let dir: string;
  const planFile = (): string => path.join(dir, 'plan.json');

  /** Every policy of the server, live and deleted, as name@version (status): what an apply would change. */
  const serverState = async (): Promise<string[]> => {
    const live: PolicyList = await call('GET', '/v1/policies?limit=100');
    const deleted: PolicyList = await call('GET', '/v1/policies?limit=100&status=deleted');
    return [...live.data, ...deleted.data].map((item) => `${item.name}@${item.version} (${item.status})`).sort();
  };
  /** A fresh plan of the folder (one update: api-read's description; one orphan: retired-policy), saved, edited by `edit`. */
  const editedPlan = async (edit: (plan: Plan) => void, ...planFlags: string[]): Promise<string> => {
    exitWith(await cli(['policy', 'plan', dir, '--out', planFile(), ...planFlags]), 2);
    const plan = JSON.parse(readFileSync(planFile(), 'utf8')) as Plan;
    edit(plan);
    writeFileSync(planFile(), `${JSON.stringify(plan, null, 2)}\n`);
    return planFile();
  };
  const changeNamed = (plan: Plan, name: string): PlanChange => {
    const change = plan.changes.find((each) => each.name === name);
    expect(change, name).to.not.equal(undefined);
    return change!;
  };
  /** Applies the file (and dry-runs it), expecting the refusal `code` with `message` and the server as it was. */
  const refused = async (file: string, code: number, message: string): Promise<CliResult> => {
    const before = await serverState();
    for (const extra of [[], ['--dry-run']]) {
      const result = exitWith(await cli(['policy', 'apply', file, ...extra]), code);
      expect(result.stderr).to.include(message);
      expect(result.stdout).to.not.include('Apply complete');
    }
    expect(await serverState()).to.deep.equal(before);
    return exitWith(await cli(['policy', 'apply', file, '--json']), code);
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    const admin = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    cli = apiCli(t, admin.client);
    call = admin.call;
    dir = copyOfExampleRepository();
    exitWith(await cli(['policy', 'apply', dir, '--auto-approve']), 0);
    await call('POST', '/v1/policies', {
      name: 'retired-policy',
      rules: [{ effect: 'allow', principals: { type: 'USER' }, resources: { type: 'api', identifiers: ['x'] }, actions: ['read'] }],
      metadata: { managed_by: 'platform-security' },
    });
    editFile(dir, 'api-read.yaml', (text) => text.replace(/^description: .*$/m, 'description: Edited in the folder.'));
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses an update turned into a delete (the action alone edited) with exit 2, deleting nothing', async () => {
    const file = await editedPlan((plan) => {
      (changeNamed(plan, 'api-read') as { action: string }).action = 'delete';
    });
    const result = await refused(file, exitCodes.usage_error, `${file} is not a plan as acctl policy plan --out wrote it (edited since?): /changes/`);
    expect(result.json<{ error: { code: string; message: string } }>().error).to.include({ code: 'usage_error' });
  });

  it('refuses a well-formed delete in a plan made without --prune, with exit 2, deleting nothing', async () => {
    const file = await editedPlan((plan) => {
      const orphan = changeNamed(plan, 'retired-policy');
      if (orphan.action !== 'orphaned') throw new Error('retired-policy should be orphaned without --prune');
      plan.changes = plan.changes.map((change) =>
        change === orphan ? { action: 'delete', name: orphan.name, id: orphan.id, expected_version: orphan.version } : change,
      );
      plan.summary = { ...plan.summary, orphaned: plan.summary.orphaned - 1, delete: plan.summary.delete + 1 };
    });
    await refused(file, exitCodes.usage_error, 'change "retired-policy" (delete): a plan made without --prune deletes nothing');
  });

  it('refuses a plan whose summary does not count its changes, with exit 2, never printing the edited summary', async () => {
    const file = await editedPlan((plan) => {
      plan.summary = { ...plan.summary, update: 0 };
    });
    const result = await refused(file, exitCodes.usage_error, 'its summary does not count its changes (update 0, counted 1)');
    expect(result.stdout).to.not.include('undefined');
    const missing = await editedPlan((plan) => {
      delete (plan.summary as Partial<Plan['summary']>).update;
    });
    await refused(missing, exitCodes.usage_error, "/summary must have required property 'update'");
  });

  it('refuses an update whose name or content was edited apart from the rest of it, with exit 2', async () => {
    const renamed = await editedPlan((plan) => {
      changeNamed(plan, 'api-read').name = 'api-read-renamed';
    });
    await refused(renamed, exitCodes.usage_error, 'change "api-read-renamed" (update): its content is named "api-read"');
    const rewritten = await editedPlan((plan) => {
      const update = changeNamed(plan, 'api-read');
      if (update.action === 'update') update.content.description = 'Not what was reviewed.';
    });
    await refused(rewritten, exitCodes.usage_error, 'change "api-read" (update): its content_hash is not the hash of its content');
  });

  it('says truthfully that a renamed entry names a policy the server knows under another name (exit 9), changing nothing', async () => {
    const file = await editedPlan((plan) => {
      changeNamed(plan, 'prod-database-read').name = 'prod-database-read-renamed';
    });
    const id = (JSON.parse(readFileSync(file, 'utf8')) as Plan).changes.find((change) => change.name === 'prod-database-read-renamed') as { id: string };
    const result = await refused(
      file,
      exitCodes.stale_plan,
      `the plan names policy "prod-database-read-renamed" with id ${id.id}, which the server knows as "prod-database-read"`,
    );
    expect(result.stdout).to.not.include('was deleted on the server');
  });

  it('refuses a plan that names another server than the one apply talks to, sending it nothing (no credentials)', async () => {
    const requests: string[] = [];
    const elsewhere = http.createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      const file = await editedPlan((plan) => {
        plan.server = `${origin}/v1`;
      });
      const before = await serverState();
      // Without --server or ACCTL_SERVER, the plan still does not choose where the client's secret goes.
      const unnamed = await cli(['policy', 'apply', file], { env: { ACCTL_SERVER: undefined } });
      expect(requests, "requests the plan's server received").to.deep.equal([]);
      exitWith(unnamed, exitCodes.usage_error);
      expect(unnamed.stderr).to.include(`${file} was planned against ${origin}/v1, and this command talks to http://127.0.0.1:8080/v1`);
      const named = exitWith(await cli(['policy', 'apply', file]), exitCodes.usage_error);
      expect(named.stderr).to.include(`${file} was planned against ${origin}/v1, and this command talks to ${t.baseUrl}`);
      expect(requests).to.deep.equal([]);
      expect(await serverState()).to.deep.equal(before);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  it('still applies the plan it refused once edited, when it is left as plan --out wrote it', async () => {
    const file = await editedPlan(() => {});
    const result = exitWith(await cli(['policy', 'apply', file]), 0);
    expect(result.stdout).to.include('Plan: 0 to create, 1 to update, 0 to delete').and.include('Apply complete: 0 created, 1 updated, 0 deleted.');
    expect(await serverState()).to.include('retired-policy@1 (draft)');
  });
});
