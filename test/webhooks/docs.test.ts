import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { eventCatalog, eventTypes } from '../../server/src/events/catalog.js';
import { loadSchemas, schemasDir } from '../../core/src/index.js';

const webhookEventTypes = eventTypes.filter((type) => eventCatalog[type].webhook);
const doc = (): string => readFileSync(path.join(path.dirname(schemasDir()), 'docs', 'webhooks.md'), 'utf8');

describe('webhook event types: the catalog, the schema and docs/webhooks.md agree', () => {
  it('schemas/webhook-event-type.json lists exactly the catalog events marked webhook', () => {
    expect((loadSchemas().get('webhook-event-type') as unknown as { enum: string[] }).enum).to.have.members(webhookEventTypes);
  });

  it("docs/webhooks.md's event table lists exactly the catalog events marked webhook", () => {
    const section = doc().split('## Events')[1]!.split('\n## ')[0]!;
    const documented = [...section.matchAll(/^\| `([a-z_]+\.[a-z_]+)` \|/gm)].map((match) => match[1]);
    expect(documented).to.have.members(webhookEventTypes);
  });
});
