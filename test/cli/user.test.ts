import { expect } from 'chai';
import type { Knex } from 'knex';
import { createKnex } from '../../server/src/db/knex.js';
import { verifyPassword } from '../../server/src/security/passwords.js';
import { freshDatabase } from '../helpers/database.js';
import { runCli } from './run-cli.js';

describe('acctl server user create', function () {
  this.timeout(60000);
  let databaseUrl: string;
  let db: Knex;
  const password = 'correct horse battery staple';

  before(async () => {
    databaseUrl = await freshDatabase();
    db = createKnex(databaseUrl, 1);
  });
  after(async () => db?.destroy());

  it('creates a user with the password read from stdin, stored as a scrypt hash', async () => {
    const result = await runCli(
      ['server', 'user', 'create', '--username', 'alice', '--display-name', 'Alice Martin', '--admin', '--password-stdin', '--json'],
      {
        env: { DATABASE_URL: databaseUrl },
        input: `${password}\nthe next line is not read\n`,
      },
    );
    expect(result.exitCode, result.stderr).to.equal(0);
    const created = result.json<{ id: string; username: string; display_name: string; admin: boolean; status: string }>();
    expect(created).to.include({ username: 'alice', display_name: 'Alice Martin', admin: true, status: 'active' });

    const row = await db('principals').where({ id: created.id }).first();
    expect(row).to.include({ kind: 'user', name: 'alice' });
    expect(row.password_hash).to.match(/^scrypt\$/);
    expect(row.password_hash).to.not.include(password);
    expect(await verifyPassword(password, row.password_hash)).to.equal(true);
  });

  it('reads the password from ACCTL_USER_PASSWORD', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', 'bob'], { env: { DATABASE_URL: databaseUrl, ACCTL_USER_PASSWORD: password } });
    expect(result.exitCode, result.stderr).to.equal(0);
    expect(result.stdout).to.include('Created user bob');
  });

  it('has no --password flag', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', 'carol', '--password', password], { env: { DATABASE_URL: databaseUrl } });
    expect(result.exitCode).to.equal(2);
    expect(result.stderr).to.include('Nonexistent flag: --password');
  });

  it('refuses a password shorter than 12 characters', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', 'carol', '--password-stdin'], {
      env: { DATABASE_URL: databaseUrl },
      input: 'short\n',
    });
    expect(result.exitCode).to.equal(2);
    expect(result.stderr.split('\n')[0]).to.equal('Error: The password must have 12 to 1024 characters');
    expect(await db('principals').where({ name: 'carol' }).first()).to.equal(undefined);
  });

  it('refuses a username with spaces around it (exit 2) and creates nobody', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', ' carol', '--password-stdin'], {
      env: { DATABASE_URL: databaseUrl },
      input: `${password}\n`,
    });
    expect(result.exitCode).to.equal(2);
    expect(result.stderr.split('\n')[0]).to.equal('Error: --username must have 1 to 200 characters, no control characters and no spaces around it');
    expect(await db('principals').whereILike('name', '%carol%').first()).to.equal(undefined);
  });

  it('refuses to run without a password', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', 'carol'], { env: { DATABASE_URL: databaseUrl } });
    expect(result.exitCode).to.equal(2);
    expect(result.stderr).to.include('No password given');
  });

  it('exits 5 (conflict) when the username is taken, whatever its case', async () => {
    const result = await runCli(['server', 'user', 'create', '--username', 'ALICE', '--password-stdin', '--json'], {
      env: { DATABASE_URL: databaseUrl },
      input: `${password}\n`,
    });
    expect(result.exitCode).to.equal(5);
    expect(result.json<{ error: { code: string } }>().error.code).to.equal('conflict');
  });
});
