import { expect } from 'chai';
import { ESLint } from 'eslint';

/**
 * The floors of ARCHITECTURE.md are lint rules (eslint.config.js), run by .ci/run: each import
 * below crosses one and must be refused, and the same file importing within its floor must pass.
 */
describe('Lint: imports across the floors fail', function () {
  this.timeout(60_000);
  const eslint = new ESLint();
  const problems = async (filePath: string, source: string): Promise<string[]> => {
    const [result] = await eslint.lintText(source, { filePath });
    // The floors' rules only: a snippet's import that nothing uses is the recommended rules' business.
    return result!.messages.filter((message) => message.ruleId?.startsWith('no-restricted-')).map((message) => `${message.ruleId}: ${message.message}`);
  };

  const crossings: Array<[string, string, string]> = [
    ['core/src/some-rule.ts', "import { buildApp } from '../../server/src/app.js';", 'core/ imports nothing'],
    ['core/src/some-rule.ts', "import { AcctlError } from '../../cli/src/api/client.js';", 'core/ imports nothing'],
    ['core/src/some-rule.ts', "import { UsageError } from '../../kit/src/index.js';", 'core/ imports nothing'],
    ['server/src/events/some-event.ts', "import { AuditLog } from '../domains/audit/audit-log.js';", 'sit below the domains'],
    ['server/src/plugins/some-plugin.ts', "import type { PolicyRow } from '../domains/policies/repo.js';", 'sit below the domains'],
    ['server/src/metrics/some-metric.ts', "import { EventRecorder } from '../domains/audit/event-recorder.js';", 'sits below the plugins and domains'],
    ['server/src/metrics/some-metric.ts', "import { rateClasses } from '../plugins/rate-limits/rate-classes.js';", 'sits below the plugins and domains'],
    ['server/src/domains/oauth/some-step.ts', "import { durationMs } from '../../../../core/src/durations.js';", 'through its entry'],
    ['server/src/domains/oauth/some-step.ts', "import { errors } from '../../../../cli/src/errors.js';", 'never imports the CLI'],
    ['cli/src/commands/policy/some-command.ts', "import { makeConfig } from '../../../../server/src/config/config.js';", 'imports nothing from server/'],
    ['cli/src/commands/policy/some-command.ts', "import { listClients } from '../../../../server/src/admin/index.js';", 'imports nothing from server/'],
    ['server/src/cli/commands/some-command.ts', "import { exitCodes } from '../../../../cli/src/api/client.js';", 'imports nothing of the CLI'],
    ['server/src/cli/commands/some-command.ts', "import { exitCodes } from '../../../../kit/src/errors.js';", 'through its entry, kit/src/index.js'],
    ['cli/src/commands/policy/some-command.ts', "import { style } from '../../../../kit/src/style.js';", 'through its entry, kit/src/index.js'],
    ['kit/src/some-part.ts', "import { ApiClient } from '../../cli/src/api/client.js';", 'kit/ imports nothing of cli/ or server/'],
    ['cli/src/commands/policy/some-command.ts', "import { evaluate } from '../../../../core/src/engine/index.js';", 'through its entry'],
  ];
  for (const [file, source, says] of crossings) {
    it(`refuses ${source.replace(/^import (?:type )?\{ (\w+) \} from '([^']+)';$/, '$1 from $2')} in ${file}`, async () => {
      const found = await problems(file, source);
      expect(found.join('\n')).to.include('no-restricted-imports').and.to.include(says);
    });
  }

  it('lets each floor import what lies below it', async () => {
    expect(
      await problems(
        'cli/src/commands/policy/some-command.ts',
        "import { evaluate } from '../../../../core/src/index.js';\nimport { style } from '../../../../kit/src/index.js';",
      ),
    ).to.deep.equal([]);
    expect(
      await problems(
        'server/src/cli/commands/some-command.ts',
        "import { AcctlCommand } from '../../../../kit/src/index.js';\nimport { listClients } from '../../admin/index.js';",
      ),
    ).to.deep.equal([]);
    expect(
      await problems(
        'server/src/domains/oauth/some-step.ts',
        "import { allScopes } from '../../../../core/src/index.js';\nimport type { AuditLog } from '../audit/index.js';",
      ),
    ).to.deep.equal([]);
    expect(await problems('core/src/engine/some-step.ts', "import { canonicalJson } from '../canonical-json.js';")).to.deep.equal([]);
  });
});
