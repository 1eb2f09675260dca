import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../cli/run-cli.js';

const script = path.join(repoRoot, 'scripts', 'test-prerequisites.sh');

/** Runs the script `npm test` runs first, with `env` over a PATH that has the system's tools. */
function prerequisites(env: Record<string, string>, asUser?: number): { status: number | null; stderr: string; stdout: string } {
  const command = asUser === undefined ? ['bash', script] : ['setpriv', `--reuid=${asUser}`, `--regid=${asUser}`, '--clear-groups', 'bash', script];
  const result = spawnSync(command[0]!, command.slice(1), { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });
  return { status: result.status, stderr: result.stderr, stdout: result.stdout };
}

describe('npm test on a fresh machine (scripts/test-prerequisites.sh, the pretest script)', () => {
  it('is what npm test runs first, and what .ci/run runs', async () => {
    const { scripts } = (await import('../../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(scripts.pretest).to.equal('bash scripts/test-prerequisites.sh');
    expect(readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8')).to.include('bash scripts/test-prerequisites.sh');
  });

  it('passes without a word when the system has every tool', () => {
    const result = prerequisites({});
    expect(result.status, result.stderr).to.equal(0);
    expect(result.stdout + result.stderr).to.equal('');
  });

  it('stops at once when not root, with the one apt-get line that installs what is missing', function () {
    if (process.getuid?.() !== 0 || !existsSync('/usr/bin/setpriv')) {
      // Not root: this process is the user the script speaks to; run it as it is.
      const result = prerequisites({ ACCTL_TEST_CHROMIUM: '/nonexistent/chromium' });
      expect(result.status).to.equal(1);
      expect(result.stderr).to.include('sudo apt-get install -y chromium');
      return;
    }
    const result = prerequisites({ ACCTL_TEST_CHROMIUM: '/nonexistent/chromium' }, 65534);
    expect(result.status).to.equal(1);
    expect(result.stderr).to.include('sudo apt-get install -y chromium\n').and.include('ACCTL_TEST_CHROMIUM');
    expect(result.stdout).to.equal('');
  });
});
