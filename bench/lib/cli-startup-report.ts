/**
 * The CLI start-up figures (bench/cli-startup.bench.ts measures them in a process of its own) and
 * their table: apart from the measuring script, so that the report does not load the server the
 * script starts.
 */
export interface StartupMeasurement {
  name: string;
  /** node itself; the packed @acctl/cli installed into a clean prefix; the checkout's CLI from source (bin/dev.js). */
  entry: 'node' | 'installed @acctl/cli' | 'bin/dev.js' | 'server/bin/acctl-server.js';
  /** Every run's wall time, in the order measured. */
  runs_ms: number[];
  median_ms: number;
  /** median_ms over the median of `node -e 0`. */
  ratio_to_node: number;
}

export interface CliStartupSummary {
  runs: number;
  node: string;
  baseline_median_ms: number;
  /** Bytes on disk of the clean prefix the packed @acctl/cli was installed into (`npm install --global --prefix`). */
  cli_install_bytes: number;
  results: StartupMeasurement[];
}

export function renderCliStartup(summary: CliStartupSummary): string {
  const lines = [
    `Cold start, median of ${summary.runs} interleaved runs (Node ${summary.node}); baseline node -e 0: ${summary.baseline_median_ms} ms`,
    `@acctl/cli installed from its packed tarball into a clean prefix: ${(summary.cli_install_bytes / 2 ** 20).toFixed(1)} MiB`,
    '',
    '| Command | Entry | Median | Ratio to node -e 0 |',
    '|---|---|---:|---:|',
  ];
  for (const result of summary.results) lines.push(`| ${result.name} | ${result.entry} | ${result.median_ms} ms | ${result.ratio_to_node} |`);
  return lines.join('\n');
}
