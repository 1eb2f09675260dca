import { expect } from 'chai';
import { httpCall } from '../helpers/http.js';
import { eventually } from '../audit/helpers.js';
import { concretePath, documentedOperations, startSeededApp, type DocumentedOperation, type SeededApp } from '../http/fixtures.js';

/** The media types the document declares for an operation's answer of `status`. */
function declaredMediaTypes(operation: DocumentedOperation, status: number): string[] {
  const response = operation.responses[String(status)] as { content?: Record<string, unknown> } | undefined;
  return Object.keys(response?.content ?? {});
}

const mediaTypeOf = (headers: Headers): string => (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

describe('the OpenAPI document declares the media types GETs answer in', function () {
  this.timeout(60_000);
  let s: SeededApp;
  let gets: DocumentedOperation[];
  before(async () => {
    s = await startSeededApp({ policies: 1, principals: 1, webhooks: 1, decisions: 1 });
    gets = (await documentedOperations(s.baseUrl)).operations.filter((operation) => operation.method === 'GET');
    // The report's CSV exists once it is completed (a background job).
    await eventually(
      async () => ((await s.call('GET', `/v1/audit/reports/${s.reportId}`)).body.status === 'completed' ? true : undefined),
      30_000,
      'the seeded report to complete',
    );
  });
  after(() => s.close());

  it('answers each GET that declares a body in a media type its 200 declares', async () => {
    // A path whose parameters have no seeded value is test/http/conditional-get.test.ts's to report.
    const seeded = gets.filter((operation) => !operation.path.includes('{') || Object.hasOwn(s.pathParams, operation.path));
    const answers = await Promise.all(
      seeded.map(async (operation) => ({ operation, answer: await httpCall(`${s.config.publicUrl}${concretePath(s, operation)}`, { token: s.token }) })),
    );
    let checked = 0;
    for (const { operation, answer } of answers) {
      const declared = declaredMediaTypes(operation, 200);
      if (answer.status !== 200 || declared.length === 0) continue;
      expect(declared, `${operation.method} ${operation.path}`).to.include(mediaTypeOf(answer.headers));
      checked += 1;
    }
    expect(checked).to.be.at.least(10);
  });

  it('answers each other media type a 200 declares when Accept asks for it: the report as text/csv', async () => {
    const negotiated = gets.flatMap((operation) =>
      declaredMediaTypes(operation, 200)
        .filter((type) => type !== 'application/json')
        .map((type) => ({ operation, type })),
    );
    expect(negotiated.map(({ operation, type }) => `${operation.path} ${type}`)).to.include('/v1/audit/reports/{id} text/csv');
    await Promise.all(
      negotiated.map(async ({ operation, type }) => {
        const where = `${operation.method} ${operation.path} Accept: ${type}`;
        const answer = await httpCall<string>(`${s.config.publicUrl}${concretePath(s, operation)}`, { token: s.token, headers: { accept: type } });
        expect(answer.status, where).to.equal(200);
        expect(mediaTypeOf(answer.headers), where).to.equal(type);
        expect(answer.body, where).to.be.a('string').and.not.equal('');
      }),
    );
  });
});
