import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { ConfigGetResult } from '../../cli/src/commands/config/get.js';
import type { ProfilesOverview } from '../../cli/src/credentials/profile-overview.js';
import { exitCodes } from '../../kit/src/index.js';
import type { PrincipalList } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

/** Nothing listens on port 9 (discard) on loopback: a server that cannot be reached. */
const unreachable = 'http://127.0.0.1:9';

describe('acctl config (profiles, their settings, and which server a command uses)', function () {
  this.timeout(300000);
  let configHome: string;
  const acctl = (args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> =>
    runCli(args, { env: { XDG_CONFIG_HOME: configHome, ...env } });
  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };
  const configFile = (): string => path.join(configHome, 'acctl', 'config.json');

  beforeEach(() => {
    configHome = mkdtempSync(path.join(os.tmpdir(), 'acctl-config-test-'));
  });

  it('lists the default profile as current when nothing is configured', async () => {
    const overview = ok(await acctl(['config', 'list', '--json'])).json<ProfilesOverview>();
    expect(overview.current_profile).to.equal('default');
    expect(overview.profiles).to.deep.equal([
      { name: 'default', current: true, server: null, server_source: null, signed_in: false, subject: null, username: null, expires_at: null },
    ]);
  });

  it("sets a profile's server in config.json, mode 0600 in a 0700 folder", async () => {
    const set = ok(await acctl(['config', 'set', 'server', 'https://staging.example.com/', '--profile', 'staging', '--json'])).json();
    expect(set).to.deep.equal({ key: 'server', profile: 'staging', value: 'https://staging.example.com', config_file: configFile() });
    expect(statSync(configFile()).mode & 0o777).to.equal(0o600);
    expect(statSync(path.dirname(configFile())).mode & 0o777).to.equal(0o700);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).to.deep.equal({ profiles: { staging: { server: 'https://staging.example.com' } } });
  });

  it('refuses an unknown key, a server that is not an http(s) URL, and a bad profile name, with exit 2', async () => {
    expect((await acctl(['config', 'set', 'colour', 'red'])).exitCode).to.equal(exitCodes.usage_error);
    expect((await acctl(['config', 'set', 'server', 'ftp://example.com'])).exitCode).to.equal(exitCodes.usage_error);
    expect((await acctl(['config', 'use', '../etc'])).exitCode).to.equal(exitCodes.usage_error);
  });

  it('uses a profile: list marks it current, get profile prints it, and config.json stays 0600', async () => {
    ok(await acctl(['config', 'set', 'server', 'https://staging.example.com', '--profile', 'staging']));
    const used = ok(await acctl(['config', 'use', 'staging', '--json'])).json();
    expect(used).to.deep.equal({ current_profile: 'staging', known: true });
    expect(statSync(configFile()).mode & 0o777).to.equal(0o600);
    const overview = ok(await acctl(['config', 'list', '--json'])).json<ProfilesOverview>();
    expect(overview.profiles.filter((profile) => profile.current).map((profile) => profile.name)).to.deep.equal(['staging']);
    expect(ok(await acctl(['config', 'get', 'profile'])).stdout).to.equal('staging\n');
    const table = ok(await acctl(['config', 'list']))
      .stdout.trimEnd()
      .split('\n');
    expect(table[0]).to.match(/^CURRENT\s+PROFILE\s+SERVER\s+SIGNED IN$/);
    expect(table.find((line) => line.includes('staging'))).to.match(/^\*\s+staging\s+https:\/\/staging\.example\.com\s+no$/);
  });

  it("get server says where the value comes from: the current profile's setting, ACCTL_SERVER, or the default", async () => {
    expect(ok(await acctl(['config', 'get', 'server', '--json'])).json<ConfigGetResult>()).to.include({
      value: null,
      effective: 'http://127.0.0.1:8080',
      source: 'default',
    });
    ok(await acctl(['config', 'set', 'server', 'https://prod.example.com']));
    expect(ok(await acctl(['config', 'get', 'server', '--json'])).json<ConfigGetResult>()).to.include({
      profile: 'default',
      value: 'https://prod.example.com',
      source: 'config',
    });
    expect(ok(await acctl(['config', 'get', 'server', '--json'], { ACCTL_SERVER: 'https://env.example.com' })).json<ConfigGetResult>()).to.include({
      value: 'https://prod.example.com',
      effective: 'https://env.example.com',
      source: 'env',
    });
  });

  it("deletes a profile's settings and credentials; not the current one; an unknown one exits 4", async () => {
    ok(await acctl(['config', 'set', 'server', 'https://old.example.com', '--profile', 'old']));
    // Credentials of a server that cannot be reached: deleted anyway, with a warning.
    writeFileSync(
      path.join(configHome, 'acctl', 'credentials.json'),
      JSON.stringify({
        profiles: { old: { server: unreachable, access_token: 'a', refresh_token: 'r', expires_at: new Date().toISOString(), scope: '', subject: 'u' } },
      }),
      { mode: 0o600 },
    );
    const deleted = ok(await acctl(['config', 'delete', 'old', '--json'])).json();
    expect(deleted).to.deep.include({ profile: 'old', settings_removed: true, removed: true, revoked: false });
    expect(
      ok(await acctl(['config', 'list', '--json']))
        .json<ProfilesOverview>()
        .profiles.map((profile) => profile.name),
    ).to.deep.equal(['default']);
    expect((await acctl(['config', 'delete', 'old'])).exitCode).to.equal(exitCodes.not_found);
    ok(await acctl(['config', 'use', 'current']));
    const refused = await acctl(['config', 'delete', 'current', '--json']);
    expect(refused.exitCode).to.equal(exitCodes.usage_error);
    expect(refused.json<{ error: { message: string } }>().error.message).to.contain('current profile');
  });

  describe('precedence: flag > environment > profile config > default', () => {
    let t: TestApp;
    let token: string;
    before(async () => {
      t = await startTestApp({ listen: true });
      token = await accessToken(t.app, await registerClient(t.app, ['read:principals']), 'read:principals');
    });
    after(() => t.close());
    /** principal list with ACCTL_TOKEN, so only the choice of server is under test. */
    const list = (args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> =>
      acctl(['principal', 'list', '--json', ...args], { ACCTL_TOKEN: token, ...env });

    beforeEach(async () => {
      ok(await acctl(['config', 'set', 'server', serverOrigin(t), '--profile', 'live']));
      ok(await acctl(['config', 'set', 'server', unreachable, '--profile', 'gone']));
    });

    it("the current profile's server serves a command with no --server, ACCTL_SERVER or --profile", async () => {
      ok(await acctl(['config', 'use', 'live']));
      expect(ok(await list([])).json<PrincipalList>().data).to.be.an('array');
      ok(await acctl(['config', 'use', 'gone']));
      expect((await list([])).exitCode).to.equal(exitCodes.server_unreachable);
    });

    it('ACCTL_PROFILE beats the current profile, and --profile beats ACCTL_PROFILE', async () => {
      ok(await acctl(['config', 'use', 'live']));
      expect((await list([], { ACCTL_PROFILE: 'gone' })).exitCode).to.equal(exitCodes.server_unreachable);
      ok(await list(['--profile', 'live'], { ACCTL_PROFILE: 'gone' }));
    });

    it("acctl login signs in to the current profile's server when no --server is given", async () => {
      ok(await acctl(['config', 'use', 'live']));
      // No browser and a short wait: the sign-in URL (on stderr with --json) shows which server it chose.
      const result = await acctl(['login', '--no-browser', '--timeout', '1', '--json']);
      expect(result.exitCode).to.equal(exitCodes.auth_error);
      expect(result.stderr).to.contain(`${serverOrigin(t)}/v1/oauth/authorize?`);
    });

    it('acctl login goes on waiting when no browser can be opened (no desktop, nothing on PATH)', async () => {
      const result = await acctl(['login', '--server', serverOrigin(t), '--timeout', '1', '--json'], { PATH: '', DISPLAY: undefined });
      expect(result.json<{ error: { message: string } }>().error.message).to.contain('Timed out');
      expect(result.exitCode).to.equal(exitCodes.auth_error);
      expect(result.stderr).to.contain(`${serverOrigin(t)}/v1/oauth/authorize?`);
    });

    it("ACCTL_SERVER beats the profile's server, and --server beats ACCTL_SERVER", async () => {
      ok(await acctl(['config', 'use', 'live']));
      expect((await list([], { ACCTL_SERVER: unreachable })).exitCode).to.equal(exitCodes.server_unreachable);
      ok(await list(['--server', serverOrigin(t)], { ACCTL_SERVER: unreachable }));
    });
  });
});
