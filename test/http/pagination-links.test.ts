import { expect } from 'chai';
import { httpCall } from '../helpers/http.js';
import { samplePolicy } from '../policies/fixtures.js';
import { concretePath, declaredHeaders, documentedOperations, startSeededApp, type DocumentedOperation, type SeededApp } from './fixtures.js';
import { linkTo, parseLinkHeader, type WebLink } from './link-header.js';

type ListBody = { data: Array<{ id: string }>; pagination?: { page: number; pages: number; total: number }; next_cursor?: string | null };

/** One page of a list: its items, its Link header parsed, and the next page's URL by Link. */
async function page(url: string, token: string): Promise<{ ids: string[]; body: ListBody; links: WebLink[]; next: string | undefined }> {
  const answer = await httpCall<ListBody>(url, { token });
  expect(answer.status, `${url}: ${JSON.stringify(answer.body)}`).to.equal(200);
  const header = answer.headers.get('link');
  expect(header, `${url} has no Link header`).to.be.a('string');
  const links = parseLinkHeader(header!);
  return { ids: answer.body.data.map((item) => item.id), body: answer.body, links, next: linkTo(links, 'next', url) };
}

/** Follows `next` from `url` to the end: every item, in order, and the pages seen. */
async function walk(url: string, token: string): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  const seen = new Set<string>();
  for (let next: string | undefined = url; next;) {
    expect(seen.has(next), `next leads back to ${next}`).to.equal(false);
    expect(seen.size, 'more pages than the list can have').to.be.below(200);
    seen.add(next);
    const current = await page(next, token);
    ids.push(...current.ids);
    next = current.next;
  }
  return { ids, pages: seen.size };
}

/** Every item of a list by its body's envelope alone (pagination.pages or next_cursor), to compare Link with. */
async function everyItem(url: string, token: string): Promise<string[]> {
  const ids: string[] = [];
  const target = new URL(url);
  target.searchParams.set('limit', '100');
  for (let pageNumber = 1; ; pageNumber += 1) {
    const answer = await httpCall<ListBody>(target.href, { token });
    expect(answer.status, `${target.href}: ${JSON.stringify(answer.body)}`).to.equal(200);
    ids.push(...answer.body.data.map((item) => item.id));
    if (answer.body.pagination) {
      if (pageNumber >= answer.body.pagination.pages) return ids;
      target.searchParams.set('page', String(pageNumber + 1));
    } else {
      if (!answer.body.next_cursor) return ids;
      target.searchParams.set('cursor', answer.body.next_cursor);
    }
  }
}

const queryOf = (url: string | undefined): Record<string, string[]> => {
  const params = new URL(url!).searchParams;
  return Object.fromEntries([...new Set(params.keys())].map((key) => [key, params.getAll(key)]));
};

describe('Link headers on every paginated list (RFC 8288)', () => {
  let s: SeededApp;
  let lists: DocumentedOperation[];
  let schemas: Record<string, { properties?: Record<string, unknown> }>;
  before(async () => {
    s = await startSeededApp({ policies: 7, principals: 5, webhooks: 3, decisions: 5 });
    const { document, operations } = await documentedOperations(s.baseUrl);
    schemas = document.components.schemas;
    lists = operations.filter((operation) => declaredHeaders(operation, 200).includes('link'));
  });
  after(() => s.close());

  const url = (operation: DocumentedOperation, query = ''): string => `${s.config.publicUrl}${concretePath(s, operation)}${query}`;

  it('declares Link on exactly the GETs whose answer is a list (a pagination envelope or next_cursor)', async () => {
    const { operations } = await documentedOperations(s.baseUrl);
    const listSchemas = operations.filter((operation) => {
      const ref = operation.responses['200']?.content?.['application/json']?.schema?.$ref;
      const properties = ref ? (schemas[ref.replace('#/components/schemas/', '')]?.properties ?? {}) : {};
      return operation.method === 'GET' && ('pagination' in properties || 'next_cursor' in properties);
    });
    expect(lists.map((operation) => operation.path)).to.deep.equal(listSchemas.map((operation) => operation.path));
    expect(lists.map((operation) => operation.path)).to.include.members([
      '/v1/policies',
      '/v1/principals',
      '/v1/webhooks',
      '/v1/webhooks/{id}/deliveries',
      '/v1/audit/events',
      '/v1/decisions',
    ]);
  });

  it('walks each whole list exactly once by following next two items at a time, every list at once', async () => {
    await Promise.all(
      lists.map(async (operation) => {
        const walked = await walk(url(operation, '?limit=2'), s.token);
        // Read after the walk: a decision's or report's audit event recorded meanwhile is newer than its first item.
        const everything = await everyItem(url(operation), s.token);
        const expected = everything.slice(everything.indexOf(walked.ids[0]!));
        expect(expected.length, `${operation.path}: seed more in test/http/fixtures.ts`).to.be.at.least(3);
        expect(walked.ids, operation.path).to.deep.equal(expected);
        expect(walked.pages, operation.path).to.equal(Math.ceil(expected.length / 2));
      }),
    );
  });

  it('gives absolute links on the public URL, first on every page, and prev and last on lists paged by number', async () => {
    for (const operation of lists) {
      const first = await page(url(operation, '?limit=2'), s.token);
      for (const link of first.links) expect(link.target.startsWith(`${s.config.publicUrl}${concretePath(s, operation)}?`), link.target).to.equal(true);
      const second = await page(first.next!, s.token);
      expect(linkTo(second.links, 'first', first.next!), operation.path).to.equal(linkTo(first.links, 'first', url(operation)));
      const rels = second.links.flatMap((link) => link.rel).sort();
      if (second.body.pagination) {
        expect(rels, operation.path).to.deep.equal(['first', 'last', 'next', 'prev'].filter((rel) => rel !== 'next' || second.body.pagination!.pages > 2));
        expect(queryOf(linkTo(second.links, 'prev', first.next!)).page, operation.path).to.deep.equal(['1']);
        const last = await page(linkTo(second.links, 'last', first.next!)!, s.token);
        expect(last.body.pagination!.page, operation.path).to.equal(last.body.pagination!.pages);
        expect(last.next, operation.path).to.equal(undefined);
      } else {
        // A cursor goes one way: no prev, and no last, which only a walk to the end could tell.
        expect(rels, operation.path).to.deep.equal(second.next ? ['first', 'next'] : ['first']);
        expect(queryOf(linkTo(second.links, 'first', first.next!)).cursor, operation.path).to.equal(undefined);
      }
    }
  });

  it("keeps the request's query parameters, repeated ones too, changing only page or cursor", async () => {
    const policies = await walk(`${s.baseUrl}/policies?status=active&limit=2&q=links-`, s.token);
    expect(policies.ids).to.have.lengthOf(4);
    const first = await page(`${s.baseUrl}/policies?status=active&limit=2&q=links-`, s.token);
    expect(queryOf(first.next)).to.deep.equal({ status: ['active'], limit: ['2'], q: ['links-'], page: ['2'] });
    // A hostile query cannot add links or end one early: what RFC 8288 reads as syntax is percent-encoded.
    const hostile = `${s.baseUrl}/policies?q=${encodeURIComponent('x>; rel="last", <https://elsewhere.example/')}&limit=1`;
    const answered = await page(hostile, s.token);
    expect(answered.links.map((link) => link.rel.join(' '))).to.deep.equal(['first', 'last']);
    for (const link of answered.links) {
      expect(new URL(link.target).origin).to.equal(s.config.publicUrl);
      expect(queryOf(link.target).q).to.deep.equal(['x>; rel="last", <https://elsewhere.example/']);
    }
    const types = '?type=policy.created&type=principal.created&limit=3';
    const events = await page(`${s.baseUrl}/audit/events${types}`, s.token);
    expect(queryOf(events.next)).to.deep.include({ type: ['policy.created', 'principal.created'], limit: ['3'] });
    const walked = await walk(`${s.baseUrl}/audit/events${types}`, s.token);
    // The seeded policies, the one the seeded change set created, the principals, and the delegation grants' user.
    expect(walked.ids).to.have.lengthOf(s.policyIds.length + 1 + s.principalIds.length + 1);
  });

  it('names the first and last page of an empty list and of a page past the end, with no next', async () => {
    const empty = await page(`${s.baseUrl}/policies?q=no-such-policy-anywhere`, s.token);
    expect(empty.links.map((link) => [link.rel[0], queryOf(new URL(link.target).href).page?.[0]])).to.deep.equal([
      ['first', '1'],
      ['last', '1'],
    ]);
    const beyond = await page(`${s.baseUrl}/principals?limit=2&page=50`, s.token);
    expect(beyond.ids).to.deep.equal([]);
    expect(beyond.next).to.equal(undefined);
    expect(queryOf(linkTo(beyond.links, 'prev', `${s.baseUrl}/principals`)).page).to.deep.equal([String(beyond.body.pagination!.pages)]);
  });

  it('walks the audit log by cursor exactly once while new events arrive', async () => {
    const start = await page(`${s.baseUrl}/audit/events?limit=3`, s.token);
    const writes = Promise.all(
      Array.from({ length: 8 }, (_, n) => s.call('POST', '/v1/policies', { body: samplePolicy({ name: `arriving-${n}-${Date.now()}` }) })),
    );
    const rest = start.next ? await walk(start.next, s.token) : { ids: [] };
    expect((await writes).map((answer) => answer.status)).to.deep.equal(Array(8).fill(201));
    const walked = [...start.ids, ...rest.ids];
    // Every event up to the first one read, newest first, each once; those that arrived after it come before it.
    const everything = await everyItem(`${s.baseUrl}/audit/events`, s.token);
    expect(walked).to.deep.equal(everything.slice(everything.indexOf(start.ids[0]!)));
    expect(new Set(walked).size).to.equal(walked.length);
  });
});
