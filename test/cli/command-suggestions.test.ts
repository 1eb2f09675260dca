import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { suggestCommand } from '../../cli/src/ux/command-suggestions.js';
import { repoRoot } from './run-cli.js';

describe('the command a mistyped one is near (suggestCommand)', () => {
  const ids = Object.keys((JSON.parse(readFileSync(path.join(repoRoot, 'cli', 'oclif.manifest.json'), 'utf8')) as { commands: object }).commands);

  it('reads the words after the one oclif could not place: acctl polcy lint -> policy lint', () => {
    expect(suggestCommand(['polcy', 'lint', 'policies/', '--strict'], ids)).to.deep.equal(['policy lint']);
    expect(suggestCommand(['polcy:lint'], ids)).to.deep.equal(['policy lint']);
    expect(suggestCommand(['policy', 'lnt'], ids)).to.deep.equal(['policy lint']);
    expect(suggestCommand(['audit', 'reprot', 'create'], ids)).to.deep.equal(['audit report create']);
  });

  it('falls back to the topic, and suggests nothing for a word near nothing', () => {
    expect(suggestCommand(['polcy'], ids)).to.deep.equal(['policy']);
    expect(suggestCommand(['polcy', 'xyzzy'], ids)).to.deep.equal(['policy']);
    expect(suggestCommand(['frobnicate'], ids)).to.deep.equal([]);
    expect(suggestCommand(['--json'], ids)).to.deep.equal([]);
  });
});
