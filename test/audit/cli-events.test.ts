import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { toAuditEvent, type AuditEventRow } from '../../server/src/domains/audit/audit-log.js';
import { verifyAuditLog } from '../../server/src/domains/audit/verify.js';
import { applyBootstrap } from '../../server/src/bootstrap.js';
import { createKnex } from '../../server/src/db/knex.js';
import type { AuditEvent } from '../../core/src/index.js';
import { cliActor } from '../../server/src/cli/actor.js';
import { runCli } from '../cli/run-cli.js';
import { freshDatabase } from '../helpers/database.js';
import { auditedDatabase } from '../helpers/audited-database.js';

describe('audit events of administration outside the API', function () {
  this.timeout(90_000);
  let databaseUrl: string;
  let db: Knex;
  const cliSubject = cliActor();
  const cli = (args: string[], env: Record<string, string> = {}, input?: string) =>
    runCli(['server', ...args, '--json'], { env: { DATABASE_URL: databaseUrl, ...env }, ...(input ? { input } : {}) });
  const eventsOf = async (type: string): Promise<AuditEvent[]> =>
    ((await db('audit_events').where({ type }).orderBy('seq')) as AuditEventRow[]).map(toAuditEvent);

  before(async () => {
    databaseUrl = await freshDatabase();
    db = createKnex(databaseUrl, 1);
  });
  after(async () => db?.destroy());

  it('client create, rotate-secret and delete record client.* as cli:<os user>, never with the secret or its hash', async () => {
    const created = await cli(['client', 'create', '--name', 'audited', '--scope', 'read:audit']);
    expect(created.exitCode, created.stderr).to.equal(0);
    const { client_id: clientId, client_secret: firstSecret } = created.json<{ client_id: string; client_secret: string }>();
    const rotated = await cli(['client', 'rotate-secret', clientId]);
    expect(rotated.exitCode, rotated.stderr).to.equal(0);
    const deleted = await cli(['client', 'delete', clientId]);
    expect(deleted.exitCode, deleted.stderr).to.equal(0);

    const [create] = await eventsOf('client.created');
    expect(create!.actor).to.deep.equal({ subject: cliSubject, client_id: null, token_kind: 'cli' });
    expect(create!.target).to.deep.equal({ type: 'oauth_client', id: clientId });
    expect(create!.change).to.have.nested.property('after.name', 'audited');
    expect(create!.request).to.deep.equal({ id: null, ip: null, user_agent: null });
    expect((await eventsOf('client.secret_rotated')).map((event) => event.target.id)).to.deep.equal([clientId]);
    const [deletion] = await eventsOf('client.deleted');
    expect(deletion!.change).to.deep.include({ after: null });
    const stored = JSON.stringify(await db('audit_events').select('change', 'data'));
    expect(stored).to.not.include(firstSecret);
    expect(stored).to.not.include(rotated.json<{ client_secret: string }>().client_secret);
    expect(stored).to.not.match(/secret_hash/);
  });

  it('user create records principal.created without the password', async () => {
    const password = 'correct horse battery staple';
    const result = await cli(['user', 'create', '--username', 'auditor', '--password-stdin'], {}, `${password}\n`);
    expect(result.exitCode, result.stderr).to.equal(0);
    const [event] = await eventsOf('principal.created');
    expect(event!.target.id).to.equal(result.json<{ id: string }>().id);
    expect(event!.change).to.have.nested.property('after.has_password', true);
    expect(JSON.stringify(event)).to.not.include(password);
  });

  it('keys rotate records signing_key.rotated with key ids only', async () => {
    const result = await cli(['keys', 'rotate'], { ACCTL_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') });
    expect(result.exitCode, result.stderr).to.equal(0);
    const [event] = await eventsOf('signing_key.rotated');
    expect(event!.target).to.deep.equal({ type: 'signing_key', id: result.json<{ signing_kid: string }>().signing_kid });
    expect(event!.actor.token_kind).to.equal('cli');
  });

  it('bootstrap records what it creates and changes as system:bootstrap', async () => {
    const bootstrap = { clientId: 'boot-admin', clientSecret: randomBytes(32).toString('hex'), adminUsername: 'root', adminPassword: 'a long enough password' };
    await applyBootstrap(auditedDatabase(db), bootstrap);
    await applyBootstrap(auditedDatabase(db), bootstrap); // idempotent: nothing changes, nothing is recorded
    await applyBootstrap(auditedDatabase(db), { ...bootstrap, clientSecret: randomBytes(32).toString('hex') });
    const events = ((await db('audit_events').where({ actor_subject: 'system:bootstrap' }).orderBy('seq')) as AuditEventRow[]).map(toAuditEvent);
    expect(events.map((event) => [event.type, event.target.id])).to.deep.equal([
      ['client.created', 'boot-admin'],
      ['principal.created', events[1]!.target.id],
      ['client.secret_rotated', 'boot-admin'],
    ]);
  });

  it('leaves a log whose chains verify', async () => {
    const result = await verifyAuditLog(db);
    expect(result.valid, JSON.stringify(result.first_broken_link)).to.equal(true);
  });
});
