import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { createUser, InvalidUsername, systemContext } from '../../server/src/admin/index.js';
import { applyBootstrap } from '../../server/src/bootstrap.js';
import { createKnex } from '../../server/src/db/knex.js';
import { toAuditEvent, type AuditEventRow } from '../../server/src/domains/audit/audit-log.js';
import { verifyPassword } from '../../server/src/security/passwords.js';
import { hashSecret } from '../../server/src/security/secrets.js';
import type { AuditEvent } from '../../core/src/index.js';
import { freshDatabase } from '../helpers/database.js';
import { auditedDatabase } from '../helpers/audited-database.js';

describe('bootstrap, through the admin facade', function () {
  this.timeout(60_000);
  let db: Knex;
  const password = 'a long enough password';
  const eventsOn = async (targetId: string): Promise<AuditEvent[]> =>
    ((await db('audit_events').where({ target_id: targetId }).orderBy('seq')) as AuditEventRow[]).map(toAuditEvent);

  before(async () => {
    db = createKnex(await freshDatabase(), 1);
  });
  after(async () => db?.destroy());

  it('adds client_credentials and admin:all to a client that has its secret already, with no event', async () => {
    const secret = randomBytes(32).toString('hex');
    await db('oauth_clients').insert({
      client_id: 'boot-narrow',
      name: 'Narrow',
      client_type: 'confidential',
      secret_hash: hashSecret(secret),
      grant_types: ['authorization_code'],
      redirect_uris: ['https://app.example.com/cb'],
      allowed_scopes: ['read:policies'],
      created_by: 'test',
    });
    expect(await applyBootstrap(auditedDatabase(db), { clientId: 'boot-narrow', clientSecret: secret })).to.deep.equal(['updated client boot-narrow']);
    const row = await db('oauth_clients').where({ client_id: 'boot-narrow' }).first();
    expect(row.grant_types).to.deep.equal(['authorization_code', 'client_credentials']);
    expect(row.allowed_scopes).to.deep.equal(['read:policies', 'admin:all']);
    expect(row.secret_rotated_at).to.equal(null);
    expect(await eventsOn('boot-narrow')).to.deep.equal([]);
    expect(await applyBootstrap(auditedDatabase(db), { clientId: 'boot-narrow', clientSecret: secret })).to.deep.equal([]);
  });

  it("changes the admin's password to the environment's, with a principal.updated that says only that", async () => {
    expect(await applyBootstrap(auditedDatabase(db), { adminUsername: 'root', adminPassword: password })).to.deep.equal(['created admin user root']);
    const newPassword = 'another long enough password';
    expect(await applyBootstrap(auditedDatabase(db), { adminUsername: 'root', adminPassword: newPassword })).to.deep.equal(['updated the password of root']);
    expect(await applyBootstrap(auditedDatabase(db), { adminUsername: 'root', adminPassword: newPassword })).to.deep.equal([]);

    const row = await db('principals').where({ name: 'root' }).first();
    expect(await verifyPassword(newPassword, row.password_hash)).to.equal(true);
    const events = await eventsOn(row.id);
    expect(events.map((event) => [event.type, event.actor.subject])).to.deep.equal([
      ['principal.created', 'system:bootstrap'],
      ['principal.updated', 'system:bootstrap'],
    ]);
    expect(events[1]!.data).to.deep.equal({ password_changed: true });
    expect(JSON.stringify(events)).to.not.include(newPassword).and.not.include(row.password_hash);
  });

  it('creates the admin the setting names even where `acctl server user create` is stricter: the server keeps the names it always took', async () => {
    expect(await applyBootstrap(auditedDatabase(db), { adminUsername: ' spaced admin ', adminPassword: password })).to.deep.equal([
      'created admin user  spaced admin ',
    ]);
    expect(await db('principals').where({ name: ' spaced admin ' }).first()).to.include({ kind: 'user' });
  });

  it('refuses to store a username of no character or more than 200, and creates nothing', async () => {
    const before = await db('principals').count({ count: '*' }).first();
    for (const username of ['', 'x'.repeat(201)]) {
      const refusal = await createUser(auditedDatabase(db), systemContext('system:test'), { username, password, admin: false }).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refusal, `${username.length} characters`).to.be.instanceOf(InvalidUsername);
    }
    expect(await db('principals').count({ count: '*' }).first()).to.deep.equal(before);
  });
});
