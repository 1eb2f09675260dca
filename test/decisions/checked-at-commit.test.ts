import { expect } from 'chai';
import { accessToken, registerClient, startTestApp, type TestApp } from '../helpers/app.js';

/**
 * Decisions read no change counters before they are made: recording checks the ones they were made
 * with (acctl_record_checked_decisions). These run a second instance that hears no notification
 * (its change feed stopped), so only that check can make it see changes made through the first.
 */
describe('decisions checked at commit (no notification needed)', () => {
  let first: TestApp;
  let deaf: TestApp;
  let admin: string;
  let evaluator: string;

  const request = (principal: Record<string, unknown>) => ({ principal, resource: { type: 'bucket', identifier: 'reports' }, action: 'list' });
  const readerPolicy = {
    name: 'analysts-list-reports',
    status: 'active',
    rules: [
      {
        effect: 'allow',
        principals: { type: 'USER', attributes: { team: ['analytics'] } },
        resources: { type: 'bucket', identifiers: ['reports'] },
        actions: ['list'],
      },
    ],
  };

  before(async () => {
    first = await startTestApp();
    deaf = await startTestApp({ databaseUrl: first.config.databaseUrl, config: { keyEncryptionKey: first.config.keyEncryptionKey } });
    admin = await accessToken(first.app, await registerClient(first.app, ['admin:all']));
    evaluator = await accessToken(first.app, await registerClient(first.app, ['evaluate:decisions']));
    await deaf.app.changeFeed.stop();
  });
  after(async () => {
    await deaf?.close();
    await first?.close();
  });

  const evaluateOn = (t: TestApp, payload: unknown, token = evaluator) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/decisions/evaluate',
      headers: { authorization: `Bearer ${token}` },
      payload: payload as object,
    });
  /** The decisions stored for an answer, by the id the server gave its request. */
  const decisionsOf = async (answer: { headers: Record<string, unknown> }) =>
    (await first.app.db('decisions').where({ request_id: answer.headers['x-request-id'] }).select('decision')).map((row: { decision: string }) => row.decision);

  it('decides with a policy created through another instance, and records the decision once', async () => {
    const analyst = { type: 'USER', attributes: { team: 'analytics' } };
    expect((await evaluateOn(deaf, request(analyst))).json().decision).to.equal('deny');
    const created = await first.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: readerPolicy });
    expect(created.statusCode, created.body).to.equal(201);
    const response = await evaluateOn(deaf, request(analyst), evaluator);
    expect(response.statusCode, response.body).to.equal(200);
    expect(response.json().decision).to.equal('allow');
    expect(await decisionsOf(response)).to.deep.equal(['allow']);
  });

  it("decides with a stored principal's attributes changed through another instance", async () => {
    const created = await first.app.inject({
      method: 'POST',
      url: '/v1/principals',
      headers: { authorization: `Bearer ${admin}` },
      payload: { kind: 'user', name: 'moving-analyst', attributes: { team: 'analytics' } },
    });
    expect(created.statusCode, created.body).to.equal(201);
    const stored = { id: created.json().id as string, type: 'USER' };
    expect((await evaluateOn(deaf, request(stored))).json().decision).to.equal('allow');
    const patched = await first.app.inject({
      method: 'PATCH',
      url: `/v1/principals/${stored.id}`,
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/merge-patch+json' },
      payload: { attributes: { team: 'sales' } },
    });
    expect(patched.statusCode, patched.body).to.equal(200);
    expect((await evaluateOn(deaf, request(stored))).json().decision).to.equal('deny');
  });

  it('refuses a token revoked through another instance from the first decision after, and records nothing for it', async () => {
    const created = await first.app.inject({
      method: 'POST',
      url: '/v1/auth/token',
      headers: { authorization: `Bearer ${admin}` },
      payload: { name: 'short-lived-evaluator', scopes: ['evaluate:decisions'] },
    });
    expect(created.statusCode, created.body).to.equal(201);
    const apiToken: string = created.json().token;
    // The deaf instance has verified and cached it.
    expect((await evaluateOn(deaf, request({ type: 'USER' }), apiToken)).statusCode).to.equal(200);
    const revoked = await first.app.inject({
      method: 'DELETE',
      url: '/v1/auth/revoke',
      headers: { authorization: `Bearer ${admin}` },
      payload: { token: apiToken },
    });
    expect(revoked.statusCode, revoked.body).to.equal(200);
    const refused = await evaluateOn(deaf, request({ type: 'USER' }), apiToken);
    expect(refused.statusCode, refused.body).to.equal(401);
    expect(await decisionsOf(refused)).to.deep.equal([]);
  });

  it('answers every decision while policies keep changing through another instance (a decision made again is not checked again)', async () => {
    const churn = {
      name: 'churning-policy',
      status: 'active',
      rules: [{ effect: 'allow', principals: { type: 'SERVICE' }, resources: { type: 'queue', identifiers: ['q-0'] }, actions: ['read'] }],
    };
    const created = await first.app.inject({ method: 'POST', url: '/v1/policies', headers: { authorization: `Bearer ${admin}` }, payload: churn });
    expect(created.statusCode, created.body).to.equal(201);
    let changing = true;
    let versions = 0;
    const writer = (async () => {
      while (changing) {
        const identifier = `q-${++versions}`;
        const put = await first.app.inject({
          method: 'PUT',
          url: `/v1/policies/${created.json().id}`,
          headers: { authorization: `Bearer ${admin}` },
          payload: { ...churn, rules: [{ ...churn.rules[0], resources: { type: 'queue', identifiers: [identifier] } }] },
        });
        expect(put.statusCode, put.body).to.equal(200);
      }
    })();
    const statuses: number[] = [];
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) => evaluateOn(deaf, request({ type: 'USER', attributes: { team: n % 2 ? 'analytics' : 'sales' } }))),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    changing = false;
    await writer;
    expect(versions, 'policy versions written meanwhile').to.be.greaterThan(1);
    expect(statuses.filter((status) => status !== 200)).to.deep.equal([]);
  });

  it('decides a batch again as a whole when something changed, answering every request in order', async () => {
    const analyst = { type: 'USER', attributes: { team: 'analytics' } };
    expect((await evaluateOn(deaf, request(analyst))).json().decision).to.equal('allow');
    const archived = await first.app.inject({ method: 'GET', url: '/v1/policies?name=analysts-list-reports', headers: { authorization: `Bearer ${admin}` } });
    const policy = archived.json().data[0];
    const put = await first.app.inject({
      method: 'PUT',
      url: `/v1/policies/${policy.id}`,
      headers: { authorization: `Bearer ${admin}` },
      payload: { ...readerPolicy, status: 'archived' },
    });
    expect(put.statusCode, put.body).to.equal(200);
    const batch = await deaf.app.inject({
      method: 'POST',
      url: '/v1/decisions/batch',
      headers: { authorization: `Bearer ${evaluator}` },
      payload: { requests: [request(analyst), request({ type: 'USER' })] },
    });
    expect(batch.statusCode, batch.body).to.equal(200);
    expect(batch.json().results.map((result: { decision: string }) => result.decision)).to.deep.equal(['deny', 'deny']);
    expect(await decisionsOf(batch)).to.deep.equal(['deny', 'deny']);
  });
});
