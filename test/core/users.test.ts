import { expect } from 'chai';
import { isStorableUsername, usernameProblem } from '../../core/src/index.js';

describe('the username rule (core/src/users.ts)', () => {
  it('takes a name of 1 to 200 characters for a new user', () => {
    for (const name of ['alice', 'Alice Martin', 'ö', 'x'.repeat(200)]) expect(usernameProblem(name), name).to.equal(undefined);
  });

  it('refuses an empty name, a longer one, spaces around it and control characters', () => {
    for (const name of ['', 'x'.repeat(201), ' alice', 'alice ', 'ali\tce', 'alice\n', 'ali\u0085ce']) {
      expect(usernameProblem(name), JSON.stringify(name)).to.equal('must have 1 to 200 characters, no control characters and no spaces around it');
    }
  });

  it('lets the server store any name of 1 to 200 code points, as the bootstrap setting always could', () => {
    for (const name of [' root ', 'ali\tce', '😀'.repeat(200)]) expect(isStorableUsername(name), JSON.stringify(name)).to.equal(true);
    for (const name of ['', 'x'.repeat(201), '😀'.repeat(201)]) expect(isStorableUsername(name), JSON.stringify(name)).to.equal(false);
  });
});
