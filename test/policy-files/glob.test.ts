import { expect } from 'chai';
import { globMatcher } from '../../cli/src/policy-files/glob.js';

describe('acctl.yaml file globs', () => {
  it('matches * within one folder only', () => {
    const matches = globMatcher(['*.yaml']);
    expect(matches('db.yaml')).to.equal(true);
    expect(matches('team/db.yaml')).to.equal(false);
    expect(matches('db.yml')).to.equal(false);
  });

  it('matches ** across any number of folders, none included', () => {
    const matches = globMatcher(['policies/**/*.yaml']);
    expect(matches('policies/db.yaml')).to.equal(true);
    expect(matches('policies/a/b/db.yaml')).to.equal(true);
    expect(matches('other/db.yaml')).to.equal(false);
  });

  it('matches ? as one character and {a,b} as alternatives', () => {
    const matches = globMatcher(['db-?.{yaml,yml}']);
    expect(matches('db-1.yaml')).to.equal(true);
    expect(matches('db-2.yml')).to.equal(true);
    expect(matches('db-10.yaml')).to.equal(false);
  });

  it('takes dots and other characters literally', () => {
    const matches = globMatcher(['a.b+c.yaml']);
    expect(matches('a.b+c.yaml')).to.equal(true);
    expect(matches('aXb+c.yaml')).to.equal(false);
  });

  it('excludes what a glob starting with ! matches', () => {
    const matches = globMatcher(['**/*.yaml', '!legacy/**']);
    expect(matches('db.yaml')).to.equal(true);
    expect(matches('legacy/old.yaml')).to.equal(false);
  });
});
