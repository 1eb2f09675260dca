import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { AppMetrics } from '../../server/src/metrics/app-metrics.js';
import { repoRoot } from '../../scripts/doc-blocks.js';

describe('docs/metrics.md', () => {
  it('has a row for every acctl_ metric with its type and label names, and none for a metric that does not exist', () => {
    const documented = readFileSync(path.join(repoRoot, 'docs/metrics.md'), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const row = /^\| `(acctl_\w+)` \| (\w+) \|([^|]*)\|/.exec(line);
        return row ? [`${row[1]} ${row[2]} ${[...row[3]!.matchAll(/`(\w+)`/g)].map((label) => label[1]).join(',')}`] : [];
      });
    const actual = new AppMetrics().registry.getMetricsAsArray().map((metric) => {
      const { name, type, labelNames } = metric as unknown as { name: string; type: string; labelNames: string[] };
      return `${name} ${type} ${labelNames.join(',')}`;
    });
    expect(documented.sort()).to.deep.equal(actual.sort());
  });
});
