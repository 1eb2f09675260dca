import { stripVTControlCharacters } from 'node:util';
import { expect } from 'chai';
import type { render } from 'ink-testing-library';
import { ApiClient } from '../../../cli/src/api/client.js';
import { apiEventSource } from '../../../cli/src/audit-browser/event-source.js';
import type { Principal } from '../../../core/src/index.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { eventually } from '../../audit/helpers.js';
import { exitCodes } from '../../../kit/src/index.js';
import { apiAs, serverOrigin } from '../resources-support.js';
import { runCli } from '../run-cli.js';
import { runInTerminal, type TerminalRun } from './terminal.js';

const keys = { down: '\u001B[B', up: '\u001B[A', enter: '\r', escape: '\u001B', backspace: '\u007F' };

describe('acctl audit browse (the TUI, on a real server through the API client)', function () {
  this.timeout(60_000);
  let t: TestApp;
  let api: ApiClient;
  let alice: Principal;
  let mounted: ReturnType<typeof render> | undefined;
  // ink (through yoga) has top-level await, which mocha's require() of a test file cannot take: imported here instead.
  let renderTree: typeof render;
  let browser: (props: { source: ReturnType<typeof apiEventSource>; rows: number }) => import('react').ReactElement;

  before(async () => {
    // As `acctl audit browse` does before loading ink: with CI set (as .ci/run sets it), ink would
    // write only the last frame of what it renders (is-in-ci, read once when ink is imported).
    const ci = { CI: process.env.CI, CONTINUOUS_INTEGRATION: process.env.CONTINUOUS_INTEGRATION };
    delete process.env.CI;
    delete process.env.CONTINUOUS_INTEGRATION;
    const [testing, react, { AuditBrowser }] = await Promise.all([
      import('ink-testing-library'),
      import('react'),
      import('../../../cli/src/audit-browser/audit-browser.js'),
    ]).finally(() => {
      for (const [name, value] of Object.entries(ci)) if (value !== undefined) process.env[name] = value;
    });
    renderTree = testing.render;
    browser = (props) => react.createElement(AuditBrowser, props);
    t = await startTestApp({ listen: true });
    const { call } = await apiAs(t, ['write:principals']);
    alice = await call('POST', '/v1/principals', { kind: 'user', name: 'alice', attributes: { department: 'finance' } });
    await call('PATCH', `/v1/principals/${alice.id}`, { attributes: { department: 'security' } });
    // Enough events for more than one page of 10.
    for (let n = 0; n < 25; n++) await call('POST', '/v1/principals', { kind: 'agent', name: `agent-${n}` });
    const reader = (await apiAs(t, ['read:audit'])).client;
    api = new ApiClient({ server: serverOrigin(t), credentials: { kind: 'client_credentials', clientId: reader.clientId, clientSecret: reader.clientSecret } });
  });
  afterEach(() => mounted?.unmount());
  after(() => t.close());

  /** Renders the browser with pages of 10 events and 8 rows, and waits for its first page. */
  async function open(): Promise<ReturnType<typeof render>> {
    mounted = renderTree(browser({ source: apiEventSource(api, {}, 10), rows: 8 }));
    await screenShows(/principal\.created/);
    return mounted;
  }
  const frame = (): string => mounted!.lastFrame() ?? '';
  const screenShows = (pattern: RegExp) => eventually(async () => (pattern.test(frame()) ? true : undefined), 20_000, `${pattern} on screen:\n${frame()}`);
  const press = async (key: string, then: RegExp): Promise<void> => {
    mounted!.stdin.write(key);
    await screenShows(then);
  };
  const eventRows = (): string[] =>
    frame()
      .split('\n')
      .filter((line) => /^[› ] \d{4}-/.test(line));
  const selectedLine = (): string => eventRows().find((line) => line.startsWith('›')) ?? '';
  const selectedRow = (): number => eventRows().findIndex((line) => line.startsWith('›'));
  const selectionAt = (row: number) => eventually(async () => (selectedRow() === row ? true : undefined), 20_000, `row ${row} selected:\n${frame()}`);

  it('lists events newest first, selecting the newest, with the keys in a footer', async () => {
    await open();
    const rows = eventRows();
    expect(rows).to.have.length(8);
    expect(selectedRow()).to.equal(0);
    const times = rows.map((row) => row.slice(2, 21));
    expect(times).to.deep.equal([...times].sort().reverse());
    // Actors by name (the OAuth client's), as GET /audit/events names them.
    expect(frame()).to.match(/principal\.created\s+Test client\s+principal:/);
    expect(frame()).to.contain('Audit events');
    expect(frame()).to.contain('↑↓/j k move').and.to.contain('Enter open').and.to.contain('/ filter').and.to.contain('q quit');
  });

  it('moves with j, k and the arrow keys', async () => {
    await open();
    mounted!.stdin.write('j');
    await selectionAt(1);
    mounted!.stdin.write(keys.down);
    await selectionAt(2);
    mounted!.stdin.write('k');
    await selectionAt(1);
    mounted!.stdin.write(keys.up);
    await selectionAt(0);
  });

  it('filters as you type after /, on the actor, type and target', async () => {
    await open();
    await press('/', /\/▏/);
    for (const char of 'principal.upd') mounted!.stdin.write(char);
    await screenShows(/\/principal\.upd▏/);
    await eventually(
      async () =>
        frame()
          .split('\n')
          .filter((line) => /^[› ] \d{4}-/.test(line)).length === 1
          ? true
          : undefined,
      20_000,
      'one matching row',
    );
    expect(selectedLine())
      .to.contain('principal.updated')
      .and.to.contain(`principal:${alice.id.slice(0, 8)}`);
    await press(keys.escape, /principal\.created/);
    expect(frame()).not.to.contain('/principal.upd');
  });

  it('loads older pages as the selection reaches the end of what is loaded', async () => {
    await open();
    await screenShows(/of 10 loaded/);
    for (let n = 0; n < 12; n++) mounted!.stdin.write('j');
    await screenShows(/of (20|30) loaded/);
  });

  it('opens the selected event with Enter, showing its change, and goes back with Esc', async () => {
    await open();
    await press('/', /\/▏/);
    mounted!.stdin.write('principal.updated');
    // The match is further back than the first page: wait until a page brings it.
    await screenShows(/› .*principal\.updated/);
    await press(keys.enter, /\/principal\.updated(?!▏)/);
    await press(keys.enter, /Change/);
    expect(frame().split('\n')[0]).to.match(new RegExp(`^principal\\.updated · Test client \\(test-client-\\S+\\) → principal:${alice.id.slice(0, 8)}`));
    expect(frame()).to.contain('- attributes.department: finance');
    expect(frame()).to.contain('+ attributes.department: security');
    expect(frame()).to.contain('Esc/q/← back');
    // The rest of the event is a scroll away.
    await press('j', /type\s+principal\.updated/);
    await press(keys.escape, /Audit events/);
    expect(frame()).not.to.contain('+ attributes.department');
  });

  it('quits with q, leaving an empty screen', async () => {
    await open();
    // Once the page's loading has settled: a key written while ink re-renders for a loaded page
    // was lost once in a CI run on a busy machine (ink-testing-library's stdin is not a stream
    // that buffers; a terminal's is).
    await screenShows(/\d+ of \d+ loaded/);
    await press('q', /^$/);
  });
});

describe('acctl audit browse, run as a person runs it', function () {
  this.timeout(120_000);
  let t: TestApp;
  let env: Record<string, string>;

  before(async () => {
    t = await startTestApp({ listen: true });
    const { call } = await apiAs(t, ['write:principals', 'write:policies']);
    await call('POST', '/v1/principals', { kind: 'user', name: 'terminal-user' });
    // Newest first in the list: terminal-4 at the top, terminal-0 four rows below.
    for (let n = 0; n < 5; n++) await call('POST', '/v1/principals', { kind: 'agent', name: `terminal-${n}` });
    const readRule = { effect: 'allow', principals: { type: 'USER' }, resources: { type: 'database', identifiers: ['prod-*'] }, actions: ['read'] };
    const policy = await call('POST', '/v1/policies', { name: 'terminal-policy', status: 'active', rules: [readRule] });
    await call('PUT', `/v1/policies/${policy.id}`, { name: 'terminal-policy', status: 'active', rules: [{ ...readRule, actions: ['read', 'write'] }] });
    const reader = (await apiAs(t, ['read:audit'])).client;
    env = { ACCTL_SERVER: serverOrigin(t), ACCTL_CLIENT_ID: reader.clientId, ACCTL_CLIENT_SECRET: reader.clientSecret };
  });
  after(() => t.close());

  it('draws the list in a terminal and exits 0 on q', async () => {
    const run = runInTerminal(['audit', 'browse', '--type', 'principal.*'], env);
    try {
      await eventually(async () => (/principal\.created/.test(run.output()) && run.output().includes('q quit') ? true : undefined), 60_000, 'the list').catch(
        (error: Error) => {
          throw new Error(`${error.message}:\n${run.output()}`);
        },
      );
      expect(run.output()).to.contain('Audit events');
      run.child.stdin!.write('q');
      expect(await run.exited).to.equal(0);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });

  /** Runs `acctl audit browse ...args` in a terminal until its list is drawn; what the screen showed since, without colours. */
  async function browseInTerminal(args: readonly string[]): Promise<{ run: TerminalRun; screen(): string }> {
    const run = runInTerminal(['audit', 'browse', ...args], env);
    running = run;
    const screen = (): string => stripVTControlCharacters(run.output());
    await eventually(
      async () => (/› \d{4}-/.test(screen()) && /[1-9]\d* of \d+ loaded/.test(screen()) ? true : undefined),
      60_000,
      'the list, its newest event selected',
    ).catch((error: Error) => {
      throw new Error(`${error.message}:\n${screen()}`);
    });
    return { run, screen };
  }
  let running: TerminalRun | undefined;
  afterEach(() => {
    if (running?.child.exitCode === null) running.child.kill('SIGKILL');
    running = undefined;
  });

  it('moves one row for each letter key that reaches it together with others: jjjj then Enter opens the event four rows down', async () => {
    const { run, screen } = await browseInTerminal(['--type', 'principal.*']);
    // One write: the keys reach the program in one read, as when typed fast or held down.
    run.child.stdin!.write('jjjj\r');
    await eventually(async () => (/\+ name: terminal-/.test(screen()) ? true : undefined), 20_000, 'an opened event').catch((error: Error) => {
      throw new Error(`${error.message}:\n${screen()}`);
    });
    expect(screen()).to.contain('+ name: terminal-0').and.not.contain('+ name: terminal-4');
    run.child.stdin!.write('\u0003');
    expect(await run.exited).to.equal(0);
  });

  it("shows a policy's update as the sentences policy diff prints, not its rules as JSON", async () => {
    const { run, screen } = await browseInTerminal(['--type', 'policy.updated']);
    run.child.stdin!.write('\r');
    await eventually(async () => (/Change/.test(screen()) ? true : undefined), 20_000, 'the opened event').catch((error: Error) => {
      throw new Error(`${error.message}:\n${screen()}`);
    });
    expect(screen()).to.contain('+ rule 0 gains action `write`');
    expect(screen()).to.match(/- version: 1\s+\+ version: 2/);
    expect(screen(), 'the rules as JSON').not.to.match(/[-+] rules: \[/);
    run.child.stdin!.write('q');
    run.child.stdin!.write('q');
    expect(await run.exited).to.equal(0);
  });

  it('refuses to run without a terminal, pointing to the commands for scripts (exit 2)', async () => {
    const result = await runCli(['audit', 'browse'], { env });
    expect(result.exitCode).to.equal(exitCodes.usage_error);
    expect(result.stderr).to.contain('Error: acctl audit browse needs a terminal');
    expect(result.stderr).to.contain('acctl audit events --json');
  });
});
