import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { eventCatalog, eventTypes, type EventType } from '../../server/src/events/catalog.js';
import { loadSchemas } from '../../core/src/index.js';

const eventsDoc = readFileSync(new URL('../../docs/events.md', import.meta.url), 'utf8');

/** The `### \`type\`` entries of docs/events.md, with their "- Name: value" lines. */
function documentedTypes(): Array<{ type: string; fields: Record<string, string> }> {
  return eventsDoc
    .split(/^### /m)
    .slice(1)
    .flatMap((entry) => {
      const heading = /^`([a-z_]+\.[a-z_]+)`\s*$/m.exec(entry.split('\n')[0]!);
      if (!heading) return [];
      const fields = Object.fromEntries([...entry.matchAll(/^- ([A-Z][a-z]+(?: [a-z]+)?): (.+)$/gm)].map((match) => [match[1]!, match[2]!.trim()]));
      return [{ type: heading[1]!, fields }];
    });
}

describe('docs/events.md and the event catalog', () => {
  const documented = documentedTypes();

  it('describes every event type of server/src/events/catalog.ts once, and no other', () => {
    const types = documented.map((entry) => entry.type);
    expect(types, 'each type once').to.have.lengthOf(new Set(types).size);
    expect(types, 'docs/events.md and the catalog list different types').to.have.members(eventTypes);
  });

  it('says for each type whether webhooks receive it, as the catalog does, and gives its target, change, data and origin', () => {
    for (const { type, fields } of documented) {
      expect(fields.Webhook, `### \`${type}\` Webhook`).to.equal(eventCatalog[type as EventType].webhook ? 'yes' : 'no');
      for (const name of ['Target', 'Change', 'Data', 'Raised by'])
        expect(fields[name], `### \`${type}\` needs a "- ${name}:" line`).to.be.a('string').and.not.empty;
    }
  });

  it('lists the same types as schemas/audit-event-type.json', () => {
    expect((loadSchemas().get('audit-event-type') as unknown as { enum: string[] }).enum).to.have.members(eventTypes);
  });
});
