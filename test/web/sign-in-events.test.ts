import { expect } from 'chai';
import type { AuditEvent } from '../../core/src/index.js';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';
import { expectSchema } from '../helpers/schemas.js';
import { createTestUser, inputValue, PageAgent, signIn, type TestUser } from '../oauth/support/user-agent.js';

/**
 * A person's sign-ins and sign-outs are in the audit log with the person as actor (issue #34,
 * finding 6): `acctl audit events --actor alice` finds Alice's sign-ins.
 */
describe('sign-in and sign-out events', () => {
  let t: TestApp;
  let auditor: string;
  let address = 0;
  const newAgent = (): PageAgent => new PageAgent(t.app, { remoteAddress: `10.1.0.${++address}` });

  before(async () => {
    t = await startTestApp();
    auditor = await accessToken(t.app, await registerClient(t.app, ['read:audit']));
  });
  after(async () => t.close());

  /** The events of an actor, through the API as `acctl audit events --actor` asks. */
  async function eventsOfActor(subject: string, type: string): Promise<AuditEvent[]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/v1/audit/events?actor=${encodeURIComponent(subject)}&type=${type}`,
      headers: { authorization: `Bearer ${auditor}` },
    });
    expect(response.statusCode, response.body).to.equal(200);
    return response.json().data;
  }

  it('records each of several people signing in at once as auth.signed_in, the person the actor, with no secret', async () => {
    const users: TestUser[] = await Promise.all(Array.from({ length: 4 }, () => createTestUser(t.app)));
    const agents = users.map(() => newAgent());
    await Promise.all(users.map((user, i) => signIn(agents[i]!, user)));
    for (const [i, user] of users.entries()) {
      const events = await eventsOfActor(user.id, 'auth.signed_in');
      expect(events, user.username).to.have.lengthOf(1);
      const event = events[0]!;
      expectSchema('audit-event', event);
      expect(event.actor).to.deep.equal({ subject: user.id, client_id: null, token_kind: 'session' });
      expect(event.target).to.deep.equal({ type: 'principal', id: user.id });
      expect(event.outcome).to.equal('success');
      expect(event.request.ip).to.equal(`10.1.0.${address - users.length + i + 1}`);
      expect(event.data).to.have.property('credential', 'password');
      const text = JSON.stringify(event);
      expect(text).to.not.include(user.password);
      expect(text).to.not.include(agents[i]!.cookies.get('acctl_session'));
    }
  });

  it('records a sign-out once, the person the actor, when the same session is signed out twice at once', async () => {
    const user = await createTestUser(t.app);
    const agent = newAgent();
    await signIn(agent, user);
    const page = await agent.get('/v1/ui/sign-out');
    const csrf = inputValue(page.body, 'csrf_token');
    const answers = await Promise.all([agent.postForm('/v1/ui/sign-out', { csrf_token: csrf }), agent.postForm('/v1/ui/sign-out', { csrf_token: csrf })]);
    expect(answers.some((answer) => answer.statusCode === 303 && answer.headers.location === '/v1/ui/sign-in?signed_out=1')).to.equal(true);
    const events = await eventsOfActor(user.id, 'auth.signed_out');
    expect(events).to.have.lengthOf(1);
    expect(events[0]!.actor).to.deep.equal({ subject: user.id, client_id: null, token_kind: 'session' });
    expect(events[0]!.target).to.deep.equal({ type: 'principal', id: user.id });
    expect(await t.app.db('web_sessions').where({ principal_id: user.id })).to.deep.equal([]);
  });

  it('records no sign-in for a refused password', async () => {
    const user = await createTestUser(t.app);
    const agent = newAgent();
    const form = await agent.get('/v1/ui/sign-in');
    const refused = await agent.postForm('/v1/ui/sign-in', { csrf_token: inputValue(form.body, 'csrf_token'), username: user.username, password: 'wrong' });
    expect(refused.statusCode).to.equal(200);
    expect(await eventsOfActor(user.id, 'auth.signed_in')).to.deep.equal([]);
  });
});
