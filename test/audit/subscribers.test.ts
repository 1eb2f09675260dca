import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import type { Knex } from 'knex';
import { registerClient, systemContext } from '../../server/src/admin/index.js';
import { recordedEventsSubscribers } from '../../server/src/app.js';
import type { IdentifiedEvent, RecordedEventsSubscriber } from '../../server/src/domains/audit/index.js';
import type { EventType } from '../../server/src/events/catalog.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { freshDatabase } from '../helpers/database.js';

/** A subscriber that keeps what it hears, in the change's transaction. */
function listener(): RecordedEventsSubscriber & { heard: IdentifiedEvent[] } {
  const heard: IdentifiedEvent[] = [];
  return {
    heard,
    hears: (type: EventType) => type.startsWith('client.'),
    receive: async (_trx: Knex.Transaction, events: readonly IdentifiedEvent[]) => {
      heard.push(...events);
    },
  };
}

const newClient = (clientId: string) => ({
  clientId,
  name: clientId,
  clientType: 'confidential' as const,
  grantTypes: ['client_credentials' as const],
  redirectUris: [],
  scopes: ['read:audit'],
  createdBy: 'test',
});

// ARCHITECTURE.md "Domains and their doors": subscribers are passed in where an audit log is
// built, never wired by an import; each log delivers to its own, once. (`acctl server ...`, whose
// entry never builds an app, is test/webhooks/admin-changes.test.ts.)
describe('the audit log delivers to the subscribers it was built with', () => {
  let databaseUrl: string;
  let first: TestApp;
  let second: TestApp;
  const firstListener = listener();
  const secondListener = listener();

  before(async () => {
    databaseUrl = await freshDatabase();
    // Two replicas of one database share the key that seals its signing keys.
    const config = { keyEncryptionKey: randomBytes(32).toString('base64') };
    first = await startTestApp({ databaseUrl, config, buildOptions: { subscribers: [...recordedEventsSubscribers, firstListener] } });
    second = await startTestApp({ databaseUrl, config, buildOptions: { subscribers: [...recordedEventsSubscribers, secondListener] } });
  });
  after(async () => {
    await first?.close();
    await second?.close();
  });

  it("delivers a change made through one app to that app's subscribers only, once, with the ids the log stored", async () => {
    const { client } = await registerClient(first.app, systemContext('system:test'), newClient('heard-by-first'));
    const heard = firstListener.heard.filter((event) => event.target.id === client.client_id);
    expect(heard.map((event) => event.type)).to.deep.equal(['client.created']);
    expect(secondListener.heard.filter((event) => event.target.id === client.client_id)).to.deep.equal([]);
    const stored = await first.app.db('audit_events').where({ target_id: client.client_id }).select('id');
    expect(stored.map((row: { id: string }) => row.id)).to.deep.equal([heard[0]!.id]);
  });
});
