import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from './doc-blocks.js';

/** The CLI of @redocly/cli (a devDependency), run by this Node.js. */
const redoclyCli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/**
 * `redocly lint` with the repository's redocly.yaml on an OpenAPI document given as text: its exit
 * status (0 unless there is an error) and what it printed (the report on stdout). npm run lint:openapi and
 * test/meta/openapi-lint.test.ts both lint through here.
 */
export function lintOpenApiDocument(document: string, format: 'stylish' | 'json'): { status: number; stdout: string; stderr: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'acctl-openapi-'));
  try {
    const file = path.join(dir, 'openapi.json');
    // Indented, so that a problem's line:column points somewhere a reader can find.
    writeFileSync(file, `${JSON.stringify(JSON.parse(document), null, 2)}\n`);
    const run = spawnSync(process.execPath, [redoclyCli, 'lint', file, `--config=${path.join(repoRoot, 'redocly.yaml')}`, `--format=${format}`], {
      cwd: repoRoot,
      encoding: 'utf8',
      // No usage data sent, no update check, no colours in logs.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: 120_000,
    });
    if (run.error) throw run.error;
    return { status: run.status ?? 1, stdout: run.stdout, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
