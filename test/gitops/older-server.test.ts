import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { expect } from 'chai';
import type { Plan } from '../../cli/src/gitops/plan.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, serverOrigin } from '../cli/resources-support.js';
import { runCli } from '../cli/run-cli.js';
import { copyOfExampleRepository, editFile } from './support.js';

/**
 * A CLI newer than its server: servers before `view=full` on GET /policies refuse the unknown
 * query parameter with 400 (the query schema allows no other member). The server here is the real
 * one, behind a loopback proxy that answers those requests as such a server does, so the plan must
 * still fetch what differs, one policy at a time.
 */
describe('acctl policy plan against a server older than GET /policies?view=full', function () {
  this.timeout(60000);
  let t: TestApp;
  let proxy: http.Server;
  let proxied: string;
  let dir: string;
  const seen: string[] = [];

  before(async () => {
    t = await startTestApp({ listen: true });
    const target = new URL(serverOrigin(t));
    proxy = http.createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const url = new URL(request.url ?? '/', 'http://proxy');
      if (url.pathname === '/v1/policies' && (url.searchParams.has('view') || url.searchParams.has('id'))) {
        const name = url.searchParams.has('view') ? 'view' : 'id';
        response.writeHead(400, { 'content-type': 'application/problem+json' });
        response.end(
          JSON.stringify({
            type: 'https://acctl.dev/problems/validation_error',
            title: 'Validation failed',
            status: 400,
            detail: `querystring must NOT have additional properties: ${name}`,
            errors: [{ pointer: `/${name}`, in: 'query', detail: 'is not allowed' }],
          }),
        );
        return;
      }
      const forward = http.request(
        { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      request.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    proxied = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    dir = copyOfExampleRepository();
  });
  after(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('falls back to one request per changed policy, and plans the same diff', async () => {
    const { client } = await apiAs(t, ['read:policies', 'write:policies', 'delete:policies']);
    const env = { ACCTL_SERVER: proxied, ACCTL_CLIENT_ID: client.clientId, ACCTL_CLIENT_SECRET: client.clientSecret };
    const applied = await runCli(['policy', 'apply', dir, '--auto-approve'], { env });
    expect(applied.exitCode, applied.stderr).to.equal(0);
    for (const name of ['admin-console.yaml', 'api-read.yaml']) editFile(dir, name, (text) => text.replace(/^description: .*$/m, 'description: edited'));
    seen.length = 0;
    const planned = await runCli(['policy', 'plan', dir, '--json'], { env });
    expect(planned.exitCode, planned.stderr).to.equal(2);
    const plan = planned.json<Plan>();
    expect(plan.summary).to.deep.include({ update: 2, unchanged: 14 });
    // The batched request was refused once; then each changed policy came on its own.
    expect(seen.filter((line) => line.includes('view=full'))).to.have.length(1);
    expect(seen.filter((line) => /^GET \/v1\/policies\/[^/?]+$/.test(line))).to.have.length(2);
    // The access proof needs every active policy: not read one request each, so it is unknown and says why.
    expect((plan as Plan & { access: { widens: unknown; widens_reason?: string } }).access).to.include({ widens: 'unknown' });
    expect((plan as Plan & { access: { widens_reason?: string } }).access.widens_reason).to.match(/older than GET \/policies\?view=full/);
  });
});
