import { expect } from 'chai';
import { migrations } from '../../server/src/db/migrations/index.js';
import { emptyDatabase } from '../helpers/database.js';
import { runCli } from './run-cli.js';

describe('acctl server migrate', function () {
  this.timeout(60000);

  it('applies every migration to an empty database, then none', async () => {
    const databaseUrl = await emptyDatabase();
    const first = await runCli(['server', 'migrate', '--json'], { env: { DATABASE_URL: databaseUrl } });
    expect(first.exitCode, first.stderr).to.equal(0);
    expect(first.json()).to.deep.equal({ applied: Object.keys(migrations), database: 'external' });

    const second = await runCli(['server', 'migrate', '--database-url', databaseUrl, '--json']);
    expect(second.exitCode, second.stderr).to.equal(0);
    expect(second.json()).to.deep.equal({ applied: [], database: 'external' });
  });

  it('needs a database named explicitly (exit 2)', async () => {
    const result = await runCli(['server', 'migrate']);
    expect(result.exitCode).to.equal(2);
    expect(result.stderr.trim()).to.equal('Error: No database given: give --database-url (or DATABASE_URL), or --data-dir for an embedded database');
  });

  it('refuses a database URL that is not postgres:// (exit 3)', async () => {
    const result = await runCli(['server', 'migrate', '--database-url', 'mysql://localhost/acctl', '--json']);
    expect(result.exitCode).to.equal(3);
    expect(result.json<{ error: { code: string } }>().error.code).to.equal('config_error');
  });
});
