import { expect } from 'chai';
import type { Principal, PrincipalList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

describe('acctl principal (against a running server)', function () {
  this.timeout(60000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let created: Principal;

  before(async () => {
    t = await startTestApp({ listen: true });
    const { client } = await apiAs(t, ['read:principals', 'write:principals', 'delete:principals']);
    cli = apiCli(t, client);
  });
  after(() => t.close());

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  it('creates a principal with typed attributes and prints it as JSON', async () => {
    created = ok(
      await cli([
        'principal',
        'create',
        '--kind',
        'service',
        '--name',
        'billing-worker',
        '--display-name',
        'Billing worker',
        '--attribute',
        'department=finance',
        '--attribute',
        'level=3',
        '--attribute',
        'badge="007"',
        '--json',
      ]),
    ).json<Principal>();
    expect(created).to.include({ kind: 'service', name: 'billing-worker', display_name: 'Billing worker', status: 'active' });
    expect(created.attributes).to.deep.equal({ department: 'finance', level: 3, badge: '007' });
  });

  it('gets a principal by id', async () => {
    const principal = ok(await cli(['principal', 'get', created.id, '--json'])).json<Principal>();
    expect(principal.id).to.equal(created.id);
    expect(principal.name).to.equal('billing-worker');
  });

  it('lists principals filtered by kind and attribute, as the API envelope', async () => {
    const list = ok(
      await cli(['principal', 'list', '--kind', 'service', '--attribute', 'department=finance', '--limit', '10', '--json']),
    ).json<PrincipalList>();
    expect(list.data.map((principal) => principal.id)).to.deep.equal([created.id]);
    expect(list.pagination).to.include({ total: 1, page: 1, per_page: 10 });
  });

  it('lists principals as a plain table for people', async () => {
    const result = ok(await cli(['principal', 'list']));
    const [header, row] = result.stdout.trimEnd().split('\n');
    expect(header).to.match(/^ID\s+KIND\s+NAME\s+DISPLAY NAME\s+STATUS\s+ATTRIBUTES$/);
    expect(row).to.contain(created.id).and.to.contain('billing-worker').and.to.contain('department=finance');
    expect(result.stdout).not.to.match(/\u001b\[/);
    expect(result.stderr).to.contain('page 1 of 1 (1 in all');
  });

  it('updates a principal with a merge patch: sets one attribute and removes another', async () => {
    const principal = ok(
      await cli(['principal', 'update', created.id, '--attribute', 'department=security', '--remove-attribute', 'badge', '--json']),
    ).json<Principal>();
    expect(principal.attributes).to.deep.equal({ department: 'security', level: 3 });
  });

  it("deletes a principal, after which getting it exits 4 with the server's detail", async () => {
    const deleted = ok(await cli(['principal', 'delete', created.id, '--json'])).json<Principal>();
    expect(deleted.status).to.equal('deleted');
    const missing = await cli(['principal', 'get', '00000000-0000-4000-8000-000000000000']);
    expect(missing.exitCode).to.equal(exitCodes.not_found);
    expect(missing.stderr).to.contain('Error: No principal with id 00000000-0000-4000-8000-000000000000');
  });
});
