import { expect } from 'chai';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from './resources-support.js';
import type { CliResult } from './run-cli.js';

describe('a value the server refuses is named once, by the flag that carried it, with "did you mean"', function () {
  this.timeout(300_000);
  let t: TestApp;
  let admin: ReturnType<typeof apiCli>;
  before(async () => {
    t = await startTestApp({ listen: true });
    const { client } = await apiAs(t, ['admin:all']);
    admin = apiCli(t, client);
  });
  after(() => t.close());

  /** The one error line, and the whole of stderr (to check nothing is said twice). */
  const refusal = (result: CliResult): string => {
    expect(result.exitCode, result.stderr).to.equal(exitCodes.usage_error);
    return result.stderr.split('\n')[0]!;
  };

  it('names --scope and the scope meant, for an unknown scope of a new API token (body field scopes)', async () => {
    const [text, json] = await Promise.all([
      admin(['token', 'create', '--name', 'ci', '--scope', 'read:principals', '--scope', 'read:polices']),
      admin(['token', 'create', '--name', 'ci', '--scope', 'read:polices', '--json']),
    ]);
    const line = refusal(text);
    expect(line).to.match(/^Error: --scope: must be one of: read:principals, .*, admin:all; did you mean `read:policies`\?$/);
    expect(text.stderr.match(/--scope/g)).to.have.length(1);
    expect((json.json() as { error: { message: string } }).error.message).to.equal(line.replace(/^Error: /, ''));
  });

  it('names --event and the event type meant, for a webhook (body field event_types)', async () => {
    const line = refusal(await admin(['webhook', 'create', '--url', 'https://hooks.example.com/acctl', '--event', 'policy.craeted']));
    expect(line).to.match(/^Error: --event: must be one of: policy.created, .*; did you mean `policy.created`\?$/);
    expect(line.match(/--event|did you mean/g)).to.deep.equal(['--event', 'did you mean']);
  });

  it('names --type and the event type meant, for the audit log (query parameter type)', async () => {
    const line = refusal(await admin(['audit', 'events', '--type', 'principal.updaed']));
    expect(line).to.equal('Error: --type: unknown event type principal.updaed; did you mean `principal.updated`?');
  });
});
