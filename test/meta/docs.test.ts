import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { exitCodes } from '../../kit/src/index.js';
import { cliReferencePath, loadCliManifest, renderCliReference } from '../../scripts/cli-reference.js';
import { repoRoot } from '../../scripts/doc-blocks.js';

/** The documents a reader moves between: the front door, the manual, the benchmark notebook. */
const documents = [
  'README.md',
  'bench/README.md',
  ...readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const read = (document: string): string => readFileSync(path.join(repoRoot, document), 'utf8');

/** The markdown outside fenced code blocks, where links and headings are. */
const outsideCode = (markdown: string): string => markdown.replace(/^\s*```[^\n]*\n[\s\S]*?^\s*```[^\n]*$/gm, '');

/** GitHub's anchor for each heading (github-slugger): lower case, punctuation dropped, each space a hyphen; repeats get -1, -2. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const [, heading] of outsideCode(markdown).matchAll(/^#{1,6} +(.+?) *#* *$/gm)) {
    const text = heading!.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let anchor = slug;
    for (let repeat = 1; anchors.has(anchor); repeat += 1) anchor = `${slug}-${repeat}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Every `[text](target)` whose target is in this repository: neither a URL nor an e-mail address. */
function relativeLinks(markdown: string): string[] {
  const prose = outsideCode(markdown).replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?: +"[^"]*")?\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

describe('the documentation', () => {
  it('README.md stays a front door: at most 300 lines, the manual being in docs/', () => {
    expect(read('README.md').split('\n').length).to.be.at.most(300);
  });

  it('every relative link of README.md, docs/*.md and bench/README.md leads to a file, and to a heading of it', () => {
    const broken: string[] = [];
    for (const document of documents) {
      for (const target of relativeLinks(read(document))) {
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? document : path.join(path.dirname(document), decodeURIComponent(file));
        if (!existsSync(path.join(repoRoot, resolved))) broken.push(`${document}: ${target} (no file ${resolved})`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !anchorsOf(read(resolved)).has(anchor))
          broken.push(`${document}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).to.deep.equal([]);
  });

  it('docs/cli.md is the reference the oclif manifest gives (run `npm run docs:cli` when this fails)', async () => {
    const { manifest, topics } = await loadCliManifest();
    expect(readFileSync(cliReferencePath, 'utf8'), 'docs/cli.md is stale: run `npm run docs:cli`').to.equal(renderCliReference(manifest, topics));
  });

  it("docs/cli-usage.md's exit code table lists exactly the exit codes of kit/src/errors.ts", () => {
    const rows = [...read('docs/cli-usage.md').matchAll(/^\| (\d+) \| (?:`([a-z_]+)`)? *\|/gm)];
    const documented = Object.fromEntries(rows.map(([, exitCode, code]) => [code ?? 'ok', Number(exitCode)]));
    expect(documented).to.deep.equal(exitCodes);
  });
});
