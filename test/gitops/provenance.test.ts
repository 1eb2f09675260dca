import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { applyOrigin } from '../../cli/src/gitops/provenance.js';
import { repoRoot } from '../cli/run-cli.js';

describe('applyOrigin (the provenance apply records)', () => {
  const github = {
    GITHUB_SHA: 'abc123',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_REPOSITORY: 'acme/policies',
    GITHUB_RUN_ID: '7',
    GITHUB_ACTOR: 'octocat',
  };

  it("takes commit, run URL and actor from GitHub Actions' variables", () => {
    expect(applyOrigin({}, github, repoRoot)).to.deep.equal({ commit: 'abc123', run_url: 'https://github.com/acme/policies/actions/runs/7', actor: 'octocat' });
  });

  it('lets flags override the environment', () => {
    expect(applyOrigin({ commit: 'c0ffee', run_url: 'https://ci.example.com/1', actor: 'release-bot' }, github, repoRoot)).to.deep.equal({
      commit: 'c0ffee',
      run_url: 'https://ci.example.com/1',
      actor: 'release-bot',
    });
  });

  it('falls back to git rev-parse HEAD of the policy folder, and to no commit outside a checkout', () => {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    expect(applyOrigin({}, {}, repoRoot).commit).to.equal(head);
    const outside = mkdtempSync(path.join(os.tmpdir(), 'acctl-not-git-'));
    try {
      const origin = applyOrigin({}, {}, outside);
      expect(origin).not.to.have.property('commit');
      expect(origin).not.to.have.property('run_url');
      expect(origin.actor).to.equal(os.userInfo().username);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
