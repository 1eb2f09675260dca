import { expect } from 'chai';
import { ConfigError, configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { configurationOptions } from '../../server/src/config/options.js';

const base = { databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') };

describe('makeConfig (server/src/config/config.ts)', () => {
  it('derives the public URL from the host and port, brackets an IPv6 host, and drops a trailing slash', () => {
    expect(makeConfig(base).publicUrl).to.equal('http://127.0.0.1:8080');
    expect(makeConfig({ ...base, host: '::1', port: 9000 }).publicUrl).to.equal('http://[::1]:9000');
    expect(makeConfig({ ...base, publicUrl: 'https://acctl.example.com//' }).publicUrl).to.equal('https://acctl.example.com');
  });

  it('refuses a value outside its schema, naming each problem in the order of the option table', () => {
    expect(() => makeConfig({ ...base, host: '', port: 70000 })).to.throw(
      ConfigError,
      'Invalid configuration: /host must NOT have fewer than 1 characters; /port must be <= 65535',
    );
    expect(() => makeConfig({ ...base, ...configFromEnv({ ACCTL_LOG_LEVEL: 'loud' }) })).to.throw(
      ConfigError,
      'Invalid configuration: /logLevel must be equal to one of the allowed values',
    );
  });

  it('refuses a bootstrap client without its secret, and a member the table does not know', () => {
    expect(() => makeConfig({ ...base, bootstrap: { clientId: 'admin' } })).to.throw(
      ConfigError,
      'Invalid configuration: /bootstrap must have property clientSecret when property clientId is present',
    );
    expect(() => makeConfig({ ...base, bootstrap: { clientID: 'admin' } as never })).to.throw(
      ConfigError,
      'Invalid configuration: /bootstrap must NOT have additional properties',
    );
  });

  it("refuses a number of workers out of range in the operator's words, before any other problem", () => {
    expect(() => makeConfig({ ...base, port: 70000, workers: 0 })).to.throw(
      ConfigError,
      'The number of workers (ACCTL_WORKERS, --workers) must be a whole number from 1 to 64 or "auto", got 0',
    );
  });

  it('refuses a key-encryption key that is not 32 bytes of base64, once the schema holds', () => {
    expect(() => makeConfig({ ...base, keyEncryptionKey: Buffer.alloc(16).toString('base64') })).to.throw(
      ConfigError,
      'ACCTL_KEY_ENCRYPTION_KEY must be 32 random bytes in base64 (for example: openssl rand -base64 32)',
    );
    expect(() => makeConfig({ ...base, keyEncryptionKey: '' })).to.throw(
      ConfigError,
      'Invalid configuration: /keyEncryptionKey must NOT have fewer than 1 characters',
    );
  });

  it('refuses a whole-number variable that is not one, naming the variable', () => {
    expect(() => configFromEnv({ ACCTL_BODY_LIMIT: '1k' })).to.throw(ConfigError, 'ACCTL_BODY_LIMIT must be a whole number, got "1k"');
  });

  it("returns a frozen configuration, and leaves the table's defaults unfrozen", () => {
    const config = makeConfig(base);
    expect(Object.isFrozen(config)).to.equal(true);
    expect(Object.isFrozen(config.rateLimitOverrides)).to.equal(true);
    expect(Object.isFrozen(config.bootstrap)).to.equal(true);
    expect(Object.isFrozen(configurationOptions.rateLimitOverrides.default)).to.equal(false);
  });
});
