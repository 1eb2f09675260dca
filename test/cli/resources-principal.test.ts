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
    expect(missing.stderr).to.contain('Error: No principal named or with id 00000000-0000-4000-8000-000000000000');
  });

  it('gets, updates and deletes a principal by name, as the policy commands take theirs (issue #34)', async () => {
    const carol = ok(await cli(['principal', 'create', '--kind', 'user', '--name', 'carol', '--json'])).json<Principal>();
    expect(ok(await cli(['principal', 'get', 'carol', '--json'])).json<Principal>().id).to.equal(carol.id);
    expect(ok(await cli(['principal', 'get', 'Carol', '--json'])).json<Principal>().id, 'names are unique case aside').to.equal(carol.id);
    const updated = ok(await cli(['principal', 'update', 'carol', '--attribute', 'team=payments', '--json'])).json<Principal>();
    expect(updated).to.include({ id: carol.id });
    expect(updated.attributes).to.deep.equal({ team: 'payments' });
    expect(ok(await cli(['principal', 'delete', 'carol', '--json'])).json<Principal>()).to.include({ id: carol.id, status: 'deleted' });
    const gone = await cli(['principal', 'get', 'carol']);
    expect(gone.exitCode).to.equal(exitCodes.not_found);
    expect(gone.stderr).to.contain('Error: No principal named or with id carol');
  });

  it('refuses a name two kinds share, listing both ids, rather than pick one', async () => {
    const [user, service] = await Promise.all(
      (['user', 'service'] as const).map(async (kind) => ok(await cli(['principal', 'create', '--kind', kind, '--name', 'dave', '--json'])).json<Principal>()),
    );
    const ambiguous = await cli(['principal', 'get', 'dave']);
    expect(ambiguous.exitCode).to.equal(exitCodes.usage_error);
    expect(ambiguous.stderr).to.contain('2 principals are named dave: give the id of the one you mean');
    expect(ambiguous.stderr).to.contain(user!.id).and.to.contain(service!.id);
  });
});
