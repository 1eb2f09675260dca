import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { serverOrigin } from './resources-support.js';
import { runCli } from './run-cli.js';

interface CliErrorDocument {
  error: { code: string; exit_code: number; message: string; suggestions: string[] };
}

describe('a 429 the CLI gives up on', function () {
  this.timeout(60_000);
  let t: TestApp;
  // Both tokens first: the token endpoint counts against the same limit of two a minute (per address), and so does
  // the CLI's question to /v1/health before it sends a token.
  const tokens: string[] = [];

  before(async () => {
    // The limits' clock stopped at the first instant of a minute: every request counts in one window,
    // and a refusal asks for the whole minute (Retry-After 60), more than the 30 s the CLI waits out,
    // so the CLI gives up at once. Its retries of shorter waits: test/cli/api-client-http.test.ts.
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    t = await startTestApp({ listen: true, config: { rateLimitStandard: 2 }, buildOptions: { rateLimitClock: () => minute } });
    for (let i = 0; i < 2; i++) tokens.push(await accessToken(t.app, await registerClient(t.app, ['read:principals'])));
  });
  after(() => t.close());

  it('exits 13 rate_limited, naming the limit class and when to try again, in parallel processes sharing one limit', async () => {
    const env = { ACCTL_SERVER: serverOrigin(t), ACCTL_TOKEN: tokens[0] };
    // Eight runs against a limit of two a minute, whose window's two requests the tokens took.
    const runs = await Promise.all(Array.from({ length: 8 }, () => runCli(['principal', 'list', '--json'], { env })));
    const refused = runs.filter((run) => run.exitCode !== 0);
    expect(refused.length, runs.map((run) => run.stdout).join('\n')).to.equal(8);
    for (const run of refused) {
      expect(run.exitCode, run.stdout + run.stderr).to.equal(13);
      const { error } = run.document<CliErrorDocument>();
      expect(error.code).to.equal('rate_limited');
      expect(error.exit_code).to.equal(13);
      expect(error.message).to.match(/^Rate limited by the server: more than 2 requests per 60 s in limit class standard; /);
      expect(error.message).to.match(/; not retried: a wait over 30 s; try again in 60 s \(Retry-After\)$/);
    }
  });

  it('says the same in one line on stderr without --json', async () => {
    const env = { ACCTL_SERVER: serverOrigin(t), ACCTL_TOKEN: tokens[1] };
    const runs = await Promise.all(Array.from({ length: 6 }, () => runCli(['principal', 'list'], { env })));
    const refused = runs.filter((run) => run.exitCode !== 0);
    expect(refused.length).to.equal(6);
    for (const run of refused) {
      expect(run.exitCode).to.equal(13);
      expect(run.stderr).to.match(/Rate limited by the server: more than 2 requests per 60 s in limit class standard; .*try again in 60 s \(Retry-After\)/);
    }
  });
});
