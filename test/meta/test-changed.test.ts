import { expect } from 'chai';
import { testFilesFor } from '../../scripts/test-changed.js';

describe('npm run test:changed: the tests a change reaches', () => {
  it('chooses the tests that import a changed module, directly or through others', () => {
    const chosen = testFilesFor(['server/src/security/passwords.ts']);
    expect(chosen).to.include('test/security/password-hash-cost.test.ts').and.include('test/web/sign-in.test.ts');
    expect(chosen).to.not.include('test/policy-files/glob.test.ts');
  });

  it('chooses the CLI tests that run a changed command, by the command lines they write, and not the others', () => {
    const chosen = testFilesFor(['cli/src/commands/token/create.ts']);
    expect(chosen).to.include('test/cli/token.test.ts');
    expect(chosen).to.not.include('test/cli/policy-lint.test.ts');
    expect(testFilesFor(['server/src/cli/commands/user/create.ts'])).to.include('test/cli/server-user-admin.test.ts');
  });

  it('chooses a changed test file itself, and the tests whose modules name a changed file that is not a module', () => {
    expect(testFilesFor(['test/cli/token.test.ts'])).to.deep.equal(['test/cli/token.test.ts']);
    expect(testFilesFor(['docs/configuration.md'])).to.include('test/meta/docs.test.ts');
  });

  it('chooses every test when what mocha loads around each file changes', () => {
    expect(testFilesFor(['test/helpers/global-fixtures.ts']).length).to.be.above(150);
  });
});
