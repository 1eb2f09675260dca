import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { repoRoot } from '../cli/run-cli.js';

/**
 * One door per domain (ARCHITECTURE.md "Domains and their doors"): outside server/src/domains/<x>/,
 * server code imports only domains/<x>/index.js, and the low floors (db/, http/, security/)
 * import no domain, plugin or admin/. Both are lint rules (eslint.config.js); each crossing below
 * must be refused with the rule's message, and the allowed form must pass.
 */
describe('Lint: domain doors and low floors', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: repoRoot });
  const problems = async (filePath: string, source: string): Promise<string[]> => {
    const [result] = await eslint.lintText(source, { filePath: path.join(repoRoot, filePath) });
    // The floors' rules only: a snippet's import that nothing uses is the recommended rules' business.
    return result!.messages.filter((message) => message.ruleId?.startsWith('no-restricted-')).map((message) => `${message.ruleId}: ${message.message}`);
  };
  const door = 'Import a domain through its door, domains/<name>/index.js';
  const lowFloor = 'db/, http/ and security/ are low floors';

  const crossings: Array<[string, string, string]> = [
    ['server/src/app.ts', "import { appendToAuditLog } from './domains/audit/audit-log.js';", door],
    ['server/src/admin/clients.ts', "import { findClient } from '../domains/oauth/clients-repo.js';", door],
    ['server/src/admin/clients.ts', "export { findClient } from '../domains/oauth/clients-repo.js';", door],
    ['server/src/cli/commands/some-command.ts', "import { webhookOutbox } from '../../domains/webhooks/outbox.js';", door],
    ['server/src/domains/decisions/some-step.ts', "import { chainOf } from '../audit/chain.js';", door],
    ['server/src/domains/oauth/token-endpoint/some-step.ts', "import type { EventRecorder } from '../../audit/event-recorder.js';", door],
    ['server/src/domains/oauth/token-endpoint/refresh-token/some-step.ts', "import { findActiveUserById } from '../../../principals/users.js';", door],
    ['server/src/http/some-semantics.ts', "import { answerFrameworkError } from '../plugins/errors.js';", lowFloor],
    ['server/src/db/some-helper.ts', "import { auditPlugin } from '../domains/audit/index.js';", lowFloor],
    ['server/src/security/some-check.ts', "import { registerClient } from '../admin/index.js';", lowFloor],
  ];
  for (const [file, source, says] of crossings) {
    it(`refuses ${source.replace(/^(?:import|export) (?:type )?\{ (\w+) \} from '([^']+)';$/, '$1 from $2')} in ${file}`, async () => {
      const found = await problems(file, source);
      expect(found.join('\n')).to.include('no-restricted-imports').and.to.include(says);
    });
  }

  it('lets code outside a domain, and other domains, import it through its door', async () => {
    expect(await problems('server/src/app.ts', "import { auditLogPlugin } from './domains/audit/index.js';")).to.deep.equal([]);
    expect(await problems('server/src/admin/clients.ts', "import { findClient } from '../domains/oauth/index.js';")).to.deep.equal([]);
    expect(await problems('server/src/domains/decisions/some-step.ts', "import { StaleGenerations } from '../audit/index.js';")).to.deep.equal([]);
    expect(
      await problems(
        'server/src/domains/oauth/token-endpoint/refresh-token/some-step.ts',
        "import { findActiveUserById } from '../../../principals/index.js';",
      ),
    ).to.deep.equal([]);
  });

  it("lets a domain's own files import each other at any depth", async () => {
    expect(await problems('server/src/domains/audit/some-step.ts', "import { chainOf } from './chain.js';")).to.deep.equal([]);
    expect(await problems('server/src/domains/oauth/token-endpoint/some-step.ts', "import { findClient } from '../clients-repo.js';")).to.deep.equal([]);
    expect(
      await problems('server/src/domains/oauth/token-endpoint/refresh-token/some-step.ts', "import { revokeGrant } from '../../grants-repo.js';"),
    ).to.deep.equal([]);
  });

  it("refuses `export *` in a door or in core's entry: each lists its public names", async () => {
    for (const file of ['server/src/domains/audit/index.ts', 'core/src/index.ts'])
      expect((await problems(file, "export * from './log.js';")).join('\n'))
        .to.include('no-restricted-syntax')
        .and.to.include('lists its exports by name');
    expect(await problems('server/src/domains/audit/index.ts', "export { openAuditLog } from './log.js';")).to.deep.equal([]);
  });

  it('lets the low floors import one another and core', async () => {
    expect(
      await problems(
        'server/src/http/some-semantics.ts',
        "import { ApiError } from '../errors/api-error.js';\nimport { inTransaction } from '../db/transaction-retry.js';",
      ),
    ).to.deep.equal([]);
  });

  // The lint rules see static imports as written; this reads every import site of the server,
  // type-only, re-exported and dynamic ones too, resolved to the file they name.
  it('finds no import of the server that reaches into another domain past its door', () => {
    const root = path.join(repoRoot, 'server/src');
    const domainOf = (file: string): string | undefined => /^domains\/([^/]+)\//.exec(file)?.[1];
    const crossings = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file))
      .flatMap((file) => {
        const from = file.split(path.sep).join('/');
        const source = readFileSync(path.join(root, file), 'utf8');
        return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.[^'"]+)\1/gm)].map((match) => ({
          from,
          target: path.posix.normalize(path.posix.join(path.posix.dirname(from), match[2]!)),
        }));
      })
      .filter(({ from, target }) => {
        const domain = domainOf(target);
        return domain !== undefined && domain !== domainOf(from) && target !== `domains/${domain}/index.js`;
      })
      .map(({ from, target }) => `server/src/${from} imports server/src/${target}`);
    expect(crossings).to.deep.equal([]);
  });
});
