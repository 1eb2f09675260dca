import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { Policy, PolicyList } from '../../core/src/index.js';
import type { ApplyJson } from '../../cli/src/commands/policy/apply.js';
import type { ImpactJson } from '../../cli/src/policy-files/report/json.js';
import { exitCodes, gateExitCodes } from '../../kit/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, serverOrigin } from './resources-support.js';
import { runCli, type CliResult } from './run-cli.js';

/** Nothing listens on port 9 (discard) on loopback: a server that cannot be reached. */
const unreachable = 'http://127.0.0.1:9';
const probeName = 'server-choice-probe';
const probeFile = (description: string): string =>
  [
    `name: ${probeName}`,
    `description: ${description}`,
    'status: active',
    'rules:',
    '  - effect: allow',
    '    principals: {type: USER, attributes: {department: [finance]}}',
    '    resources: {type: database, identifiers: [ledger]}',
    '    actions: [read]',
    '',
  ].join('\n');
const financeReadsLedger = {
  principal: { type: 'USER', attributes: { department: 'finance' } },
  resource: { type: 'database', identifier: 'ledger' },
  action: 'read',
};

/** A folder with these files; the caller removes it. */
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'acctl-server-choice-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const ok = (result: CliResult, code = 0): CliResult => {
  expect(result.exitCode, `${result.stdout}\n${result.stderr}`).to.equal(code);
  return result;
};

describe('which server a command talks to: --server, ACCTL_SERVER, the repository’s acctl.yaml, the profile', function () {
  this.timeout(120000);
  let t: TestApp;
  let origin: string;
  let call: Awaited<ReturnType<typeof apiAs>>['call'];
  /** Credentials from the environment and no ACCTL_SERVER: only the repository can name the test server. */
  let clientEnv: Record<string, string>;
  let repo: string;
  const made: string[] = [];
  const folder = (files: Record<string, string>): string => {
    const dir = folderWith(files);
    made.push(dir);
    return dir;
  };
  const inRepo = (args: readonly string[], cwd = repo, env: Record<string, string | undefined> = {}): Promise<CliResult> =>
    runCli(args, { cwd, env: { ...clientEnv, ...env } });

  before(async () => {
    t = await startTestApp({ listen: true });
    origin = serverOrigin(t);
    const scopes = ['read:policies', 'write:policies', 'delete:policies', 'evaluate:decisions', 'read:audit'];
    const caller = await apiAs(t, scopes);
    call = caller.call;
    clientEnv = { ACCTL_CLIENT_ID: caller.client.clientId, ACCTL_CLIENT_SECRET: caller.client.clientSecret };
    repo = folder({
      'acctl.yaml': `server: ${origin}\nowner: server-choice\n`,
      'policies/probe.yaml': probeFile('Reaches the server of acctl.yaml'),
      'requests.json': JSON.stringify([financeReadsLedger]),
    });
    // The scene, set with the server named outright (which worked before): the probe policy, and one recorded decision to replay.
    ok(await inRepo(['policy', 'apply', '.', '--auto-approve'], repo, { ACCTL_SERVER: origin }));
    await call('POST', '/v1/decisions/evaluate', financeReadsLedger);
  });
  after(async () => {
    await t.close();
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  describe('each command run inside the repository reaches the server its acctl.yaml names', () => {
    it('policy list, from a folder below acctl.yaml', async () => {
      const listed = ok(await inRepo(['policy', 'list', '--json'], path.join(repo, 'policies'))).json<PolicyList>();
      expect(listed.data.map((item) => item.name)).to.include(probeName);
    });

    it('policy get', async () => {
      expect(ok(await inRepo(['policy', 'get', probeName, '--json'])).json<Policy>().name).to.equal(probeName);
    });

    it('policy diff FILE (the live policy of the file’s name: no differences)', async () => {
      const result = ok(await inRepo(['policy', 'diff', 'policies/probe.yaml', '--json']));
      expect(result.json<{ from: string; changes: unknown[] }>()).to.deep.include({ from: `${probeName} on the server (version 1)`, changes: [] });
    });

    it('policy simulate --policy', async () => {
      const result = ok(await inRepo(['policy', 'simulate', '--policy', probeName, '--requests', 'requests.json', '--json']));
      expect(result.json<{ policy: { name: string }; summary: unknown }>().policy.name).to.equal(probeName);
    });

    it('policy impact DIR (the decisions recorded by that server replayed)', async () => {
      const result = ok(await inRepo(['policy', 'impact', 'policies', '--json']), gateExitCodes.passed);
      expect(result.json<ImpactJson>().summary.replayed).to.equal(1);
    });

    it('policy apply plan.json: a plan saved inside the repository applies from it, with no refusal', async () => {
      writeFileSync(path.join(repo, 'policies/probe.yaml'), probeFile('Changed through a saved plan'));
      ok(await inRepo(['policy', 'plan', '.', '--out', 'plan.json']), 2);
      const applied = ok(await inRepo(['policy', 'apply', 'plan.json', '--json'])).json<ApplyJson>();
      expect(applied.summary).to.deep.include({ update: 1 });
      const list: PolicyList = await call('GET', `/v1/policies?name=${probeName}`);
      expect((await call('GET', `/v1/policies/${list.data[0]!.id}`)).description).to.equal('Changed through a saved plan');
    });
  });

  describe('the precedence, one server reachable and the others not', () => {
    const live = 'live';
    const dead = 'dead';
    type Where = typeof live | typeof dead;
    const rows: Array<{ flag?: Where; env?: Where; yaml?: Where; profile?: Where; reaches: Where; why: string }> = [
      { flag: live, env: dead, yaml: dead, profile: dead, reaches: live, why: '--server beats every other' },
      { flag: dead, env: live, yaml: live, profile: live, reaches: dead, why: '--server beats ACCTL_SERVER' },
      { env: live, yaml: dead, profile: dead, reaches: live, why: 'ACCTL_SERVER beats acctl.yaml' },
      { env: dead, yaml: live, profile: live, reaches: dead, why: 'ACCTL_SERVER beats acctl.yaml' },
      { yaml: live, profile: dead, reaches: live, why: 'acctl.yaml beats the profile' },
      { yaml: dead, profile: live, reaches: dead, why: 'acctl.yaml beats the profile' },
      { profile: live, reaches: live, why: 'outside a repository, the profile' },
    ];
    const url = (where: Where): string => (where === live ? origin : unreachable);

    for (const row of rows) {
      const given = (['flag', 'env', 'yaml', 'profile'] as const).map((key) => `${key} ${row[key] ?? '-'}`).join(', ');
      it(`${given}: reaches the ${row.reaches} one (${row.why})`, async () => {
        const configHome = folder({ 'acctl/config.json': JSON.stringify({ profiles: row.profile ? { default: { server: url(row.profile) } } : {} }) });
        const cwd = folder(row.yaml ? { 'acctl.yaml': `server: ${url(row.yaml)}\n` } : {});
        const args = ['policy', 'list', '--json', ...(row.flag ? ['--server', url(row.flag)] : [])];
        const result = await runCli(args, { cwd, env: { ...clientEnv, XDG_CONFIG_HOME: configHome, ACCTL_SERVER: row.env && url(row.env) } });
        ok(result, row.reaches === live ? 0 : exitCodes.server_unreachable);
      });
    }

    it('acctl config get server --json reports the server commands use here: the repository’s, and which acctl.yaml names it', async () => {
      const configHome = folder({ 'acctl/config.json': JSON.stringify({ profiles: { default: { server: 'https://profile.example.com' } } }) });
      const cwd = folder({ 'acctl.yaml': `server: ${origin}\n`, 'policies/.keep': '' });
      const inside = ok(await runCli(['config', 'get', 'server', '--json'], { cwd: path.join(cwd, 'policies'), env: { XDG_CONFIG_HOME: configHome } }));
      expect(inside.json()).to.include({
        value: 'https://profile.example.com',
        effective: origin,
        source: 'repository',
        repository_config: path.join(cwd, 'acctl.yaml'),
      });
      const outside = ok(await runCli(['config', 'get', 'server', '--json'], { cwd: folder({}), env: { XDG_CONFIG_HOME: configHome } }));
      expect(outside.json()).to.include({ effective: 'https://profile.example.com', source: 'config' });
      const env = ok(
        await runCli(['config', 'get', 'server', '--json'], { cwd, env: { XDG_CONFIG_HOME: configHome, ACCTL_SERVER: 'https://env.example.com' } }),
      );
      expect(env.json()).to.include({ effective: 'https://env.example.com', source: 'env' });
    });

    it('a folder named acctl.yaml is no configuration: the profile’s server is used', async () => {
      const configHome = folder({ 'acctl/config.json': JSON.stringify({ profiles: { default: { server: origin } } }) });
      const cwd = folder({ 'acctl.yaml/policy.yaml': 'name: not-a-configuration\n' });
      ok(await runCli(['policy', 'list', '--json'], { cwd, env: { ...clientEnv, XDG_CONFIG_HOME: configHome } }));
    });

    it('--environment NAME of acctl.yaml names the server of plan (the file’s own server unreachable)', async () => {
      const cwd = folder({
        'acctl.yaml': `server: ${unreachable}\nenvironments:\n  staging:\n    server: ${origin}\n`,
        'staging.yaml': probeFile('Planned for staging').replace(probeName, 'server-choice-staging'),
      });
      ok(await inRepo(['policy', 'plan', '.', '--environment', 'staging'], cwd), 2);
      ok(await inRepo(['policy', 'list', '--json'], cwd), exitCodes.server_unreachable);
    });
  });

  it('acctl whoami reports the server of the repository as the one the environment’s credentials go to', async () => {
    const whoami = ok(await runCli(['whoami', '--json'], { cwd: path.join(repo, 'policies'), env: { ACCTL_TOKEN: 'opaque-api-token' } }));
    expect(whoami.json<{ source: string; server: string }>()).to.deep.include({ source: 'environment', server: origin });
  });

  describe('credentials follow the chosen server', () => {
    let configHome: string;
    /** A server on loopback that records every request it receives (and answers none of them usefully). */
    let recorder: { origin: string; requests: Array<{ url: string; authorization: string | undefined }>; close: () => Promise<void> };

    before(async () => {
      const requests: Array<{ url: string; authorization: string | undefined }> = [];
      const server = http.createServer((request, response) => {
        requests.push({ url: request.url ?? '', authorization: request.headers.authorization });
        response.writeHead(404).end();
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      recorder = {
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      };
      // The default profile signed in to the test server, as acctl login stores it.
      const token = await accessToken(t.app, await registerClient(t.app, ['read:policies']), 'read:policies');
      const signedIn = {
        server: origin,
        access_token: token,
        expires_at: new Date(Date.now() + 3_600_000).toISOString(),
        scope: 'read:policies',
        subject: 'u',
      };
      configHome = folder({ 'acctl/credentials.json': JSON.stringify({ profiles: { default: signedIn } }) });
    });
    after(() => recorder.close());

    const withStoredProfile = (args: readonly string[], cwd: string): Promise<CliResult> => runCli(args, { cwd, env: { XDG_CONFIG_HOME: configHome } });

    it('a profile signed in to one server sends nothing to the other server an acctl.yaml names, and says which file named it', async () => {
      const cwd = folder({ 'acctl.yaml': `server: ${recorder.origin}\n` });
      const result = await withStoredProfile(['policy', 'list', '--json'], cwd);
      ok(result, exitCodes.auth_error);
      expect(result.json<{ error: { message: string } }>().error.message).to.contain(`not ${recorder.origin} (named by ${path.join(cwd, 'acctl.yaml')})`);
      expect(recorder.requests).to.deep.equal([]);
    });

    it('the profile’s token goes to the server it signed in to when the acctl.yaml names that one, or --server does', async () => {
      ok(await withStoredProfile(['policy', 'list', '--json'], folder({ 'acctl.yaml': `server: ${origin}\n` })));
      ok(await withStoredProfile(['policy', 'list', '--json', '--server', origin], folder({ 'acctl.yaml': `server: ${recorder.origin}\n` })));
      expect(recorder.requests).to.deep.equal([]);
    });
  });

  describe('an acctl.yaml that is not valid', () => {
    for (const [what, text] of [
      ['a server that is not a URL', 'server: 42\n'],
      ['YAML that does not parse', 'server: [unclosed\n'],
    ] as const) {
      it(`is refused with exit 3, naming the file, when it is to name the server (${what}); --server goes on`, async () => {
        const cwd = folder({ 'acctl.yaml': text });
        const result = await inRepo(['policy', 'list', '--json'], cwd);
        ok(result, exitCodes.config_error);
        expect(result.json<{ error: { message: string } }>().error.message).to.match(/^acctl\.yaml:\d+:\d+ .*this acctl\.yaml is not valid/);
        ok(await inRepo(['policy', 'list', '--json', '--server', origin], cwd));
      });
    }
  });
});
