import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { freshDatabase } from '../helpers/database.js';
import { runCli } from './run-cli.js';

describe('acctl server keys rotate', function () {
  this.timeout(60000);
  let databaseUrl: string;
  const keyEncryptionKey = randomBytes(32).toString('base64');
  const rotate = (key: string | undefined) =>
    runCli(['server', 'keys', 'rotate', '--json'], { env: { DATABASE_URL: databaseUrl, ACCTL_KEY_ENCRYPTION_KEY: key } });

  before(async () => {
    databaseUrl = await freshDatabase();
  });

  it('creates a new signing key and retires the previous one', async () => {
    const first = await rotate(keyEncryptionKey);
    expect(first.exitCode, first.stderr).to.equal(0);
    const { signing_kid: firstKid } = first.json<{ signing_kid: string }>();
    const second = await rotate(keyEncryptionKey);
    expect(second.exitCode, second.stderr).to.equal(0);
    const rotated = second.json<{ signing_kid: string; retired_kids: string[] }>();
    expect(rotated.signing_kid).to.not.equal(firstKid);
    expect(rotated.retired_kids).to.deep.equal([firstKid]);
  });

  it('refuses a key-encryption key that does not open the current key (exit 3)', async () => {
    const result = await rotate(randomBytes(32).toString('base64'));
    expect(result.exitCode).to.equal(3);
    expect(result.json<{ error: { code: string; message: string } }>().error.message).to.match(/^The key-encryption key does not open the current signing key/);
  });

  it('needs ACCTL_KEY_ENCRYPTION_KEY with a database URL (exit 3)', async () => {
    const result = await rotate(undefined);
    expect(result.exitCode).to.equal(3);
    expect(result.json<{ error: { message: string } }>().error.message).to.match(/^ACCTL_KEY_ENCRYPTION_KEY is required/);
  });
});
