import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { ConfigError, configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { runCli } from '../cli/run-cli.js';
import { freshDatabase } from '../helpers/database.js';

describe('the workers setting (ACCTL_WORKERS, --workers)', () => {
  const base = { databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') };

  it('is 1 by default: the server runs in one process', () => {
    expect(makeConfig(base).workers).to.equal(1);
  });

  it('takes a whole number, or auto for one process per available core (at most 64)', () => {
    expect(configFromEnv({ ACCTL_WORKERS: '3' }).workers).to.equal(3);
    expect(configFromEnv({ ACCTL_WORKERS: 'auto' }).workers).to.equal(Math.min(os.availableParallelism(), 64));
  });

  it('refuses anything else with a ConfigError that names the setting', () => {
    for (const raw of ['two', '1.5', '-1', '2x'])
      expect(() => configFromEnv({ ACCTL_WORKERS: raw }), raw).to.throw(ConfigError, /ACCTL_WORKERS must be a whole number from 1 to 64 or "auto"/);
    for (const workers of [0, 65])
      expect(() => makeConfig({ ...base, workers }), String(workers)).to.throw(ConfigError, /ACCTL_WORKERS, --workers\) must be a whole number from 1 to 64/);
  });

  it('acctl server start --workers with a bad value exits with the configuration error code (3) before serving', async function () {
    this.timeout(60_000);
    const result = await runCli(['server', 'start', '--port', '0', '--workers', '0'], {
      env: { DATABASE_URL: await freshDatabase(), ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
    });
    expect(result.exitCode, result.stderr).to.equal(3);
    expect(result.stderr).to.match(/must be a whole number from 1 to 64/);
    const flag = await runCli(['server', 'start', '--port', '0', '--workers', 'many'], {
      env: { DATABASE_URL: await freshDatabase(), ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') },
    });
    expect(flag.exitCode, flag.stderr).to.equal(3);
    expect(flag.stderr).to.match(/--workers must be a whole number from 1 to 64 or "auto", got "many"/);
  });
});
