import { expect } from 'chai';
import { parseAssignments, parseListAssignments } from '../../cli/src/flags/assignments.js';
import { ApiClient, apiBaseUrl } from '../../cli/src/api/client.js';
import { credentialsFromEnv } from '../../cli/src/credentials/env.js';
import { CommandError } from '../../kit/src/index.js';

/** A fetch that answers every call with one problem+json response, but GET /v1/health as acctl's (the client asks it before sending ACCTL_TOKEN). */
function answering(status: number, body: object): typeof fetch {
  return (async (input: URL | string) =>
    String(input).endsWith('/v1/health')
      ? new Response(JSON.stringify({ status: 'ok', version: '0.1.0', checks: { audit_log: { status: 'ok' } } }), {
          headers: { 'content-type': 'application/json' },
        })
      : new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/problem+json' } })) as typeof fetch;
}

async function failureOf(promise: Promise<unknown>): Promise<CommandError> {
  try {
    await promise;
  } catch (error) {
    expect(error).to.be.instanceOf(CommandError);
    return error as CommandError;
  }
  throw new Error('expected a CommandError');
}

describe('the CLI API client (no server)', () => {
  const credentials = { kind: 'bearer', token: 'acctl_x' } as const;

  it('appends /v1 to the server origin once', () => {
    expect(apiBaseUrl('http://127.0.0.1:8080')).to.equal('http://127.0.0.1:8080/v1');
    expect(apiBaseUrl('https://acctl.example/v1/')).to.equal('https://acctl.example/v1');
  });

  it('maps problem statuses to exit codes: 401/403 auth_error, 404 not_found, 409/412 conflict, 400 usage_error', async () => {
    const expected: Array<[number, string]> = [
      [401, 'auth_error'],
      [403, 'auth_error'],
      [404, 'not_found'],
      [409, 'conflict'],
      [412, 'conflict'],
      [400, 'usage_error'],
      [500, 'internal_error'],
    ];
    for (const [status, code] of expected) {
      const client = new ApiClient({ server: 'http://server.test', credentials, fetch: answering(status, { detail: `status ${status}`, code: 'x' }) });
      const failure = await failureOf(client.call('get', '/principals', {}));
      expect([status, failure.code, failure.message]).to.deep.equal([status, code, `status ${status}`]);
    }
  });

  it('shows the field errors of a 400 after a detail that says more than they do', async () => {
    const client = new ApiClient({
      server: 'http://server.test',
      credentials,
      fetch: answering(400, { detail: 'The request is invalid', errors: [{ pointer: '/kind', in: 'body', detail: 'must be one of user, service, agent' }] }),
    });
    expect((await failureOf(client.call('post', '/principals', { body: {} as never }))).message).to.equal(
      'The request is invalid: body /kind: must be one of user, service, agent',
    );
  });

  it('says each field error once, by the flag that carried it, when the detail only repeats them', async () => {
    const client = new ApiClient({
      server: 'http://server.test',
      credentials,
      flagNames: ['kind', 'display-name'],
      fetch: answering(400, {
        detail: 'Invalid body: /kind must be one of user, service, agent; /display_name must NOT have more than 200 characters',
        errors: [
          { pointer: '/kind', in: 'body', detail: 'must be one of user, service, agent' },
          { pointer: '/display_name', in: 'body', detail: 'must NOT have more than 200 characters' },
        ],
      }),
    });
    expect((await failureOf(client.call('post', '/principals', { body: {} as never }))).message).to.equal(
      '--kind: must be one of user, service, agent; --display-name: must NOT have more than 200 characters',
    );
  });

  it('prefers ACCTL_TOKEN over a client id and secret, and names the variables when none is set', () => {
    expect(credentialsFromEnv({ ACCTL_TOKEN: 't', ACCTL_CLIENT_ID: 'c', ACCTL_CLIENT_SECRET: 's' })).to.deep.equal({ kind: 'bearer', token: 't' });
    expect(credentialsFromEnv({ ACCTL_CLIENT_ID: 'c', ACCTL_CLIENT_SECRET: 's' })).to.deep.equal({
      kind: 'client_credentials',
      clientId: 'c',
      clientSecret: 's',
    });
    expect(() => credentialsFromEnv({ ACCTL_CLIENT_ID: 'c' })).to.throw(CommandError, /ACCTL_TOKEN, or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET/);
  });

  it('reads name=value flags with JSON scalars typed and everything else as text', () => {
    expect(parseAssignments('attribute', ['team=payments', 'level=3', 'mfa=true', 'badge="007"', 'id=007', 'note=a=b'])).to.deep.equal({
      team: 'payments',
      level: 3,
      mfa: true,
      badge: '007',
      id: '007',
      note: 'a=b',
    });
    expect(() => parseAssignments('attribute', ['nameonly'])).to.throw(CommandError, /name=value/);
  });

  it('reads resource attributes as name=value flags typed the same way, a name given again or a JSON array making a list', () => {
    expect(
      parseListAssignments('resource-attribute', [
        'owner=u-42',
        'classification=2',
        'tags=q4',
        'tags=eu',
        'regions=["eu", "us"]',
        'one=["q4"]',
        'note=[draft]',
      ]),
    ).to.deep.equal({ owner: 'u-42', classification: 2, tags: ['q4', 'eu'], regions: ['eu', 'us'], one: ['q4'], note: '[draft]' });
    expect(parseListAssignments('resource-attribute', ['tags=["a"]', 'tags=b', 'tags=[3, true]'])).to.deep.equal({ tags: ['a', 'b', 3, true] });
    expect(() => parseListAssignments('resource-attribute', ['tags=[{"a": 1}]'])).to.throw(CommandError, /--resource-attribute tags: a list holds strings/);
    expect(() => parseListAssignments('resource-attribute', ['=x'])).to.throw(CommandError, /name=value/);
  });
});
