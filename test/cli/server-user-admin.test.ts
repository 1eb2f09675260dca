import { expect } from 'chai';
import type { Knex } from 'knex';
import { exitCodes } from '../../kit/src/index.js';
import { createKnex } from '../../server/src/db/knex.js';
import { verifyPassword } from '../../server/src/security/passwords.js';
import { freshDatabase } from '../helpers/database.js';
import { runCli, type CliResult } from './run-cli.js';

interface UserSummary {
  id: string;
  username: string;
  display_name: string | null;
  admin: boolean;
  status: string;
  has_password: boolean;
}

/** `acctl server user list | delete | set-password` (issue #22), on a real database. */
describe('acctl server user list, delete and set-password', function () {
  this.timeout(60000);
  let databaseUrl: string;
  let db: Knex;
  const password = 'correct horse battery staple';
  const newPassword = 'a new and longer passphrase';

  const server = (args: string[], options: { input?: string; env?: Record<string, string> } = {}): Promise<CliResult> =>
    runCli(args, { input: options.input, env: { DATABASE_URL: databaseUrl, ...options.env } });
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };
  const eventsOf = (id: string, type: string) =>
    db('audit_events').where({ target_id: id, type }).orderBy('seq').select('type', 'data', 'change', 'actor_subject');

  before(async () => {
    databaseUrl = await freshDatabase();
    db = createKnex(databaseUrl, 2);
    // Created at once, as two operators might.
    await Promise.all(
      [['alice', '--admin', '--display-name', 'Alice Martin'], ['bob'], ['carol']].map(([username, ...flags]) =>
        server(['server', 'user', 'create', '--username', username!, ...flags, '--password-stdin'], { input: `${password}\n` }).then(ok),
      ),
    );
  });
  after(async () => db?.destroy());

  it('lists the users by name, with --json, never a password', async () => {
    const result = ok(await server(['server', 'user', 'list', '--json']));
    const { users } = result.json<{ users: UserSummary[] }>();
    expect(users.map((user) => [user.username, user.admin, user.status, user.has_password])).to.deep.equal([
      ['alice', true, 'active', true],
      ['bob', false, 'active', true],
      ['carol', false, 'active', true],
    ]);
    expect(result.stdout).to.not.include('scrypt');
    const table = ok(await server(['server', 'user', 'list']));
    expect(table.stdout).to.match(/^USERNAME\s+ID\s+DISPLAY NAME\s+ADMIN\s+STATUS\s+PASSWORD\s+CREATED$/m);
    expect(table.stdout).to.match(/^alice\s+\S+\s+Alice Martin\s+yes\s+active\s+set\s/m);
  });

  it('sets a password read from stdin, whatever the case of the name, with a principal.updated event that holds no password', async () => {
    const result = ok(await server(['server', 'user', 'set-password', 'BOB', '--password-stdin', '--json'], { input: `${newPassword}\n` }));
    const answer = result.json<{ user: UserSummary; password_changed: boolean }>();
    expect(answer).to.deep.include({ password_changed: true });
    expect(answer.user.username).to.equal('bob');
    const row = await db('principals').where({ id: answer.user.id }).first();
    expect(await verifyPassword(newPassword, row.password_hash)).to.equal(true);
    expect(await verifyPassword(password, row.password_hash)).to.equal(false);
    const [event] = await eventsOf(answer.user.id, 'principal.updated');
    expect(event.data).to.deep.equal({ password_changed: true });
    expect(event.actor_subject).to.match(/^cli:/);
    expect(JSON.stringify(event)).to.not.include(newPassword).and.to.not.include('scrypt');
  });

  it('reads the new password from ACCTL_USER_PASSWORD, and refuses a short one or a --password flag (exit 2)', async () => {
    ok(await server(['server', 'user', 'set-password', 'carol'], { env: { ACCTL_USER_PASSWORD: newPassword } }));
    const short = await server(['server', 'user', 'set-password', 'carol', '--password-stdin'], { input: 'short\n' });
    expect(short.exitCode).to.equal(exitCodes.usage_error);
    expect(short.stderr.split('\n')[0]).to.equal('Error: The password must have 12 to 1024 characters');
    const flag = await server(['server', 'user', 'set-password', 'carol', '--password', newPassword]);
    expect(flag.exitCode).to.equal(exitCodes.usage_error);
    const row = await db('principals').where({ name: 'carol' }).first();
    expect(await verifyPassword(newPassword, row.password_hash)).to.equal(true);
  });

  it('exits 4 for a user who does not exist', async () => {
    const result = await server(['server', 'user', 'set-password', 'nobody', '--password-stdin', '--json'], { input: `${newPassword}\n` });
    expect(result.exitCode).to.equal(exitCodes.not_found);
    expect(result.json<{ error: { code: string } }>().error.code).to.equal('not_found');
    expect((await server(['server', 'user', 'delete', 'nobody'])).exitCode).to.equal(exitCodes.not_found);
  });

  it('deletes a user once when two operators delete it at the same time, with one principal.deleted event', async () => {
    const results = await Promise.all([server(['server', 'user', 'delete', 'carol', '--json']), server(['server', 'user', 'delete', 'Carol', '--json'])]);
    expect(results.map((result) => result.exitCode).sort()).to.deep.equal([0, exitCodes.not_found]);
    const deleted = results.find((result) => result.exitCode === 0)!.json<{ user: UserSummary; deleted: boolean }>();
    expect(deleted.user).to.include({ username: 'carol', status: 'deleted' });
    expect(await eventsOf(deleted.user.id, 'principal.deleted')).to.have.length(1);
    const { users } = ok(await server(['server', 'user', 'list', '--json'])).json<{ users: UserSummary[] }>();
    expect(users.map((user) => user.username)).to.deep.equal(['alice', 'bob']);
    // The name is free again.
    ok(await server(['server', 'user', 'create', '--username', 'carol', '--password-stdin'], { input: `${password}\n` }));
  });

  it('deletes an administrator too: whoever runs it holds the database', async () => {
    const result = ok(await server(['server', 'user', 'delete', 'alice']));
    expect(result.stdout).to.equal('Deleted user alice\n');
    expect((await db('principals').where({ name: 'alice' }).first()).status).to.equal('deleted');
  });
});
