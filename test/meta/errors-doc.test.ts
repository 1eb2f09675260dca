import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { errorCatalog, problemTypeBase, type ErrorCode } from '../../server/src/errors/catalog.js';
import * as oauthErrors from '../../server/src/errors/oauth-errors.js';
import { loadSchemas } from '../../core/src/index.js';

interface DocumentedCode {
  code: string;
  status: number | undefined;
  title: string | undefined;
  when: string | undefined;
}

const errorsDoc = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');

/** The `### \`code\`` entries under one `## ` heading of docs/errors.md, with their Status, Title and When lines. */
function documentedCodes(section: string): DocumentedCode[] {
  const start = errorsDoc.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`docs/errors.md has no section "## ${section}"`);
  const rest = errorsDoc.slice(start + 1);
  const next = rest.indexOf('\n## ', 1);
  const body = next < 0 ? rest : rest.slice(0, next);
  return body
    .split(/^### /m)
    .slice(1)
    .map((entry) => {
      const heading = /^`([a-z_]+)`\s*$/m.exec(entry.split('\n')[0]!);
      if (!heading) throw new Error(`docs/errors.md: malformed heading "### ${entry.split('\n')[0]}"`);
      const field = (name: string): string | undefined => new RegExp(`^- ${name}: (.+)$`, 'm').exec(entry)?.[1]?.trim();
      const status = field('Status');
      return { code: heading[1]!, status: status === undefined ? undefined : Number(status), title: field('Title'), when: field('When') };
    });
}

type OAuthErrorClass = new (description: string, usedBasic: boolean) => oauthErrors.OAuthError;

/** Every OAuth error class of oauth-errors.ts, instantiated to read the RFC code and status it answers. */
function oauthErrorCodes(): Array<{ code: string; status: number }> {
  const exported: unknown[] = Object.values(oauthErrors);
  const classes = exported.filter((value): value is OAuthErrorClass => typeof value === 'function' && value.prototype instanceof oauthErrors.OAuthError);
  return classes.map((ErrorClass) => {
    // Each subclass takes (description) or (description, usedBasic), or nothing; extra arguments are ignored.
    const error = new ErrorClass('description', false);
    return { code: error.error, status: error.status };
  });
}

describe('docs/errors.md', () => {
  const rest = documentedCodes('REST API error codes');
  const oauth = documentedCodes('OAuth error codes (RFC 6749)');

  it('has one entry per code of the error catalog, and none that the catalog lacks', () => {
    const documented = rest.map((entry) => entry.code);
    expect(documented, 'each code once').to.have.lengthOf(new Set(documented).size);
    expect(documented, 'docs/errors.md and server/src/errors/catalog.ts list different codes').to.have.members(Object.keys(errorCatalog));
  });

  it("gives each code the catalog's status and title", () => {
    for (const entry of rest) {
      const expected = errorCatalog[entry.code as ErrorCode];
      expect({ status: entry.status, title: entry.title }, `### \`${entry.code}\``).to.deep.equal({ status: expected.status, title: expected.title });
    }
  });

  it('says when each code is answered', () => {
    for (const entry of [...rest, ...oauth]) expect(entry.when, `### \`${entry.code}\` needs a "- When:" line`).to.be.a('string').and.not.empty;
  });

  it('names the problem type URI that problem+json answers carry', () => {
    expect(errorsDoc).to.include(`${problemTypeBase}<code>`);
  });

  it('lists every RFC 6749 error code the OAuth endpoints answer, with its status', () => {
    const answered = oauthErrorCodes();
    expect(answered).to.not.be.empty;
    expect(
      oauth.map((entry) => entry.code),
      'docs/errors.md and server/src/errors/oauth-errors.ts list different OAuth codes',
    ).to.have.members(answered.map((entry) => entry.code));
    for (const { code, status } of answered) expect(oauth.find((entry) => entry.code === code)?.status, `### \`${code}\``).to.equal(status);
  });

  it('lists the same OAuth codes as schemas/oauth-error.json', () => {
    const schema = loadSchemas().get('oauth-error') as unknown as { properties: { error: { enum: string[] } } };
    expect(schema.properties.error.enum).to.have.members(oauth.map((entry) => entry.code));
  });
});
