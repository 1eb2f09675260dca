import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { fileClientTokenCache, type MintedToken } from '../../cli/src/credentials/client-token-cache.js';

/**
 * The kept client_credentials token of CI mode (credentials/client-token-cache.ts), at its edges:
 * a token is reused until a minute before it expires, so one that lives a minute or less (a server
 * with short access tokens) is never written, and a long one is reused until its last minute.
 */
describe('the client token cache', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-client-tokens-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const cacheAt = (file: string, now: () => number) =>
    fileClientTokenCache({ file, profile: 'default', server: 'http://127.0.0.1:1', clientId: 'ci', clientSecret: 'secret', now });
  const minter = (expiresIn: number) => {
    let minted = 0;
    return { mint: async (): Promise<MintedToken> => ({ accessToken: `token-${++minted}`, expiresIn }), count: () => minted };
  };

  it('does not write a token that lives a minute or less: it could never be reused', async () => {
    const file = path.join(dir, 'client-tokens.json');
    const short = minter(60);
    const cache = cacheAt(file, () => Date.parse('2026-12-01T00:00:00Z'));
    expect(await cache.token(short.mint)).to.equal('token-1');
    expect(await cache.token(short.mint)).to.equal('token-2');
    expect(existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { tokens: object }).tokens : {}).to.deep.equal({});
  });

  it('reuses a longer token until a minute before it expires, then mints another', async () => {
    const file = path.join(dir, 'client-tokens.json');
    let now = Date.parse('2026-12-01T00:00:00Z');
    const long = minter(900);
    const cache = cacheAt(file, () => now);
    expect(await cache.token(long.mint)).to.equal('token-1');
    now += 839_000;
    expect(await cache.token(long.mint)).to.equal('token-1');
    now += 1_000;
    expect(await cache.token(long.mint)).to.equal('token-2');
    expect(long.count()).to.equal(2);
  });
});
