import { expect } from 'chai';
import { makeConfig } from '../../server/src/config/config.js';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../../server/src/security/passwords.js';
import { startTestApp } from '../helpers/app.js';

const costOf = (hash: string): number => Math.log2(Number(hash.split('$')[1]));

describe('the scrypt cost of password hashes (passwordHashCost, ACCTL_PASSWORD_HASH_COST)', () => {
  after(() => setPasswordHashCost(17));

  it("defaults to OWASP's N=2^17, r=8, p=1 for a server built from its defaults", async () => {
    const t = await startTestApp({
      config: { passwordHashCost: makeConfig({ databaseUrl: 'postgres://x/y', keyEncryptionKey: Buffer.alloc(32).toString('base64') }).passwordHashCost },
    });
    try {
      const hash = await hashPassword('correct horse battery staple');
      expect(hash.split('$').slice(0, 4)).to.deep.equal(['scrypt', String(2 ** 17), '8', '1']);
    } finally {
      await t.close();
    }
  });

  it('hashes at the configured cost, and a hash made at one cost still verifies at another (each names its own)', async () => {
    setPasswordHashCost(11);
    const cheap = await hashPassword('correct horse battery staple');
    expect(costOf(cheap)).to.equal(11);
    setPasswordHashCost(13);
    expect(costOf(await hashPassword('correct horse battery staple'))).to.equal(13);
    expect(await verifyPassword('correct horse battery staple', cheap)).to.equal(true);
    expect(await verifyPassword('correct horse battery stapler', cheap)).to.equal(false);
    // An unknown user is checked against a decoy: false, at the cost now configured.
    expect(await verifyPassword('anything', undefined)).to.equal(false);
  });

  it('refuses a cost outside 10..20, from the environment or in code', () => {
    expect(() => makeConfig({ databaseUrl: 'postgres://x/y', keyEncryptionKey: Buffer.alloc(32).toString('base64'), passwordHashCost: 9 })).to.throw(
      /passwordHashCost|PASSWORD_HASH_COST/,
    );
    expect(() => setPasswordHashCost(21)).to.throw(RangeError);
    expect(() => setPasswordHashCost(12.5)).to.throw(RangeError);
  });
});
