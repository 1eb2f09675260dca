import { expect } from 'chai';
import type { AuditEventList } from '../../core/src/index.js';
import { exitCodes } from '../../kit/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import type { CliResult } from '../cli/run-cli.js';
import { createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/**
 * `acctl audit events --actor NAME` resolves the name exactly, on the server (issue #34, finding
 * 13): the CLI looked at the first 100 principals of a substring search, and 105 look-alike names
 * hid the real one.
 */
describe('acctl audit events --actor NAME', function () {
  this.timeout(60_000);
  let t: TestApp;
  let user: TestUser;
  let cli: ReturnType<typeof apiCli>;

  const ok = (result: CliResult): CliResult => {
    expect(result.exitCode, result.stderr).to.equal(0);
    return result;
  };

  before(async () => {
    t = await startTestApp({ listen: true });
    user = await createTestUser(t.app);
    // The user acts: a password change on the page is a principal.updated with the user as actor.
    const agent = new PageAgent(t.app);
    await signIn(agent, user);
    const form = await agent.get('/v1/ui/password');
    const fresh = `${user.password}-new`;
    const changed = await agent.postForm('/v1/ui/password', {
      csrf_token: inputValue(form.body, 'csrf_token'),
      current_password: user.password,
      new_password: fresh,
      new_password_confirm: fresh,
    });
    expect(changed.statusCode, changed.body).to.equal(200);
    // Newer than the user, so a search by substring, newest first, lists them before it.
    const writer = await apiAs(t, ['write:principals']);
    await Promise.all(
      Array.from({ length: 105 }, (_, n) =>
        writer.call('POST', '/v1/principals', { kind: 'agent', name: `${user.username}-${n}`, display_name: user.username }),
      ),
    );
    cli = apiCli(t, (await apiAs(t, ['read:audit', 'read:principals'])).client);
  });
  after(() => t.close());

  it("finds a user's events by the user's exact name behind 105 look-alike names", async () => {
    const list = ok(await cli(['audit', 'events', '--actor', user.username, '--type', 'principal.updated', '--json'])).json<AuditEventList>();
    expect(list.data.map((event) => [event.type, event.actor.subject, event.target.id])).to.deep.equal([['principal.updated', user.id, user.id]]);
    expect(list.names[user.id]).to.equal(user.username);
  });

  it('finds a name written in another case, as usernames are', async () => {
    const list = ok(await cli(['audit', 'events', '--actor', user.username.toUpperCase(), '--type', 'principal.updated', '--json'])).json<AuditEventList>();
    expect(list.data.map((event) => event.actor.subject)).to.deep.equal([user.id]);
  });

  it('refuses a name two actors share, naming each, instead of guessing', async () => {
    // Every client of registerClient is named "Test client", and each has had a token issued.
    const a = await apiAs(t, ['read:audit']);
    const b = await apiAs(t, ['read:audit']);
    await t.app.auditLog.idle();
    const refused = await cli(['audit', 'events', '--actor', 'Test client']);
    expect(refused.exitCode, refused.stderr).to.equal(exitCodes.usage_error);
    expect(refused.stderr).to.include('--actor').and.include('are named Test client').and.include(a.client.clientId).and.include(b.client.clientId);
  });

  it('matches a value no actor is named as a subject: a client id', async () => {
    const creator = await apiAs(t, ['write:principals']);
    const made = await creator.call('POST', '/v1/principals', { kind: 'agent', name: 'made-by-a-client' });
    const list = ok(await cli(['audit', 'events', '--actor', creator.client.clientId, '--type', 'principal.created', '--json'])).json<AuditEventList>();
    expect(list.data.map((event) => event.target.id)).to.deep.equal([made.id]);
  });
});
