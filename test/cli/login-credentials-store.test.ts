import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { credentialsFilePath, readProfile, updateProfile, withCredentialsLock, type StoredProfile } from '../../cli/src/credentials/store.js';
import { createPkcePair, sameState } from '../../cli/src/login/pkce.js';

const profile: StoredProfile = {
  server: 'http://127.0.0.1:1',
  access_token: 'a.b.c',
  refresh_token: 'r',
  expires_at: new Date(0).toISOString(),
  scope: 'read:policies',
  subject: 'u',
};

describe('acctl login: the credentials file, its lock, and the login checks', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-store-'));
    file = path.join(dir, 'acctl', 'credentials.json');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('lives in $XDG_CONFIG_HOME/acctl, else in ~/.config/acctl', () => {
    expect(credentialsFilePath({ XDG_CONFIG_HOME: '/x' })).to.equal('/x/acctl/credentials.json');
    expect(credentialsFilePath({})).to.equal(path.join(os.homedir(), '.config', 'acctl', 'credentials.json'));
  });

  it('writes profiles atomically with mode 0600, leaving no temporary file, and keeps the other profiles', async () => {
    await updateProfile(file, 'default', profile);
    await updateProfile(file, 'staging', { ...profile, subject: 'v' });
    await updateProfile(file, 'default', undefined);
    expect(await readProfile(file, 'default')).to.equal(undefined);
    expect(await readProfile(file, 'staging')).to.include({ subject: 'v' });
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(readdirSync(path.dirname(file))).to.deep.equal(['credentials.json']);
  });

  it('runs one holder of the lock at a time', async () => {
    const events: string[] = [];
    const hold = (name: string) =>
      withCredentialsLock(file, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 100));
        events.push(`${name} out`);
      });
    await Promise.all([hold('a'), hold('b')]);
    expect(events.map((event) => event.split(' ')[1])).to.deep.equal(['in', 'out', 'in', 'out']);
  });

  it('breaks a lock left behind by a process that died holding it', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(`${file}.lock`, '999999');
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${file}.lock`, old, old);
    expect(await withCredentialsLock(file, async () => 'ran')).to.equal('ran');
  });

  it('accepts only the exact state it sent, byte for byte', () => {
    expect(sameState('abc', 'abc')).to.equal(true);
    expect(sameState('abc', 'abd')).to.equal(false);
    expect(sameState('abc', 'abc ')).to.equal(false);
    expect(sameState('abc', null)).to.equal(false);
  });

  it('derives the S256 challenge from the verifier (RFC 7636 section 4.2)', () => {
    const { verifier, challenge } = createPkcePair();
    expect(verifier).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).to.equal(createHash('sha256').update(verifier).digest('base64url'));
  });
});
