import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { apiAs, apiCli } from '../cli/resources-support.js';
import { repoRoot } from '../cli/run-cli.js';
import { copyOfExampleRepository, editFile } from './support.js';

const workflowFile = path.join(repoRoot, '.github/workflows/example-policy-repository.yml');
const repository = 'acme/policies';
const pullRequest = 7;
const token = 'ghs_workflowtoken';
const bot = { login: 'github-actions[bot]', type: 'Bot' };

/** The step of the plan job that posts plan.md on the pull request, as GitHub runs it. */
function commentStep(): { run: string; env: Record<string, string> } {
  const workflow = parse(readFileSync(workflowFile, 'utf8')) as {
    jobs: Record<string, { steps: Array<{ name?: string; run?: string; env?: Record<string, string> }> }>;
  };
  const step = workflow.jobs.plan!.steps.find((each) => each.name === 'Comment the plan on the pull request');
  if (!step?.run) throw new Error(`${workflowFile}: the plan job has no step "Comment the plan on the pull request"`);
  return { run: step.run, env: step.env ?? {} };
}

function requireTool(name: string): void {
  try {
    execFileSync(name, ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error(`${name} is not installed: this test runs the workflow step with the real ${name} (apt-get install gh jq; .ci/run installs them)`);
  }
}

interface Comment {
  id: number;
  user: { login: string; type: string };
  body: string;
}

/**
 * GitHub's REST API for a pull request's comments, as much of it as the step uses, over HTTPS (gh
 * talks to any host other than github.com as GitHub Enterprise: https://HOST/api/v3/): list with
 * per_page/page and a Link header (rel="next", rel="last"), create, edit. Comments made with the
 * workflow's token are the Actions bot's. It records every write.
 */
class GitHubDouble {
  comments: Comment[] = [];
  writes: Array<{ method: string; id: number }> = [];
  private nextId = 1000;
  private server: Server;
  host = '';

  constructor(tls: { key: Buffer; cert: Buffer }) {
    this.server = createServer(tls, (request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const send = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
          response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
          response.end(JSON.stringify(payload));
        };
        if (request.headers.authorization !== `token ${token}`) return send(401, { message: 'Bad credentials' });
        const url = new URL(request.url!, `https://${this.host}`);
        const list = url.pathname.match(/^\/api\/v3\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)\/comments$/);
        const edit = url.pathname.match(/^\/api\/v3\/repos\/([^/]+\/[^/]+)\/issues\/comments\/(\d+)$/);
        if (list && list[1] === repository && Number(list[2]) === pullRequest) {
          if (request.method === 'GET') {
            const perPage = Math.min(100, Number(url.searchParams.get('per_page') ?? 30));
            const page = Number(url.searchParams.get('page') ?? 1);
            const last = Math.max(1, Math.ceil(this.comments.length / perPage));
            const link = (n: number) => `<https://${this.host}${url.pathname}?per_page=${perPage}&page=${n}>`;
            const links: Record<string, string> = page < last ? { link: `${link(page + 1)}; rel="next", ${link(last)}; rel="last"` } : {};
            return send(200, this.comments.slice((page - 1) * perPage, page * perPage), links);
          }
          if (request.method === 'POST') {
            const comment = { id: this.nextId++, user: bot, body: JSON.parse(body).body as string };
            this.comments.push(comment);
            this.writes.push({ method: 'POST', id: comment.id });
            return send(201, comment);
          }
        }
        if (edit && edit[1] === repository && request.method === 'PATCH') {
          const comment = this.comments.find((each) => each.id === Number(edit[2]));
          if (!comment) return send(404, { message: 'Not Found' });
          comment.body = JSON.parse(body).body as string;
          this.writes.push({ method: 'PATCH', id: comment.id });
          return send(200, comment);
        }
        send(404, { message: 'Not Found' });
      });
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.host = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Comments by others: people, another bot, a person quoting a plan's marker. */
  seed(count: number, marker?: string): void {
    for (let n = 0; n < count; n++) {
      const user = n % 3 === 0 ? { login: 'renovate[bot]', type: 'Bot' } : { login: `reviewer-${n}`, type: 'User' };
      this.comments.push({ id: this.nextId++, user, body: `LGTM ${n}` });
    }
    if (marker) {
      this.comments.push({ id: this.nextId++, user: { login: 'alice', type: 'User' }, body: `Quoting the bot:\n\n${marker}` });
      // A bot's comment that mentions the marker but does not end with it (a digest of the pull request's comments, say).
      this.comments.push({ id: this.nextId++, user: { login: 'digest[bot]', type: 'Bot' }, body: `Seen: ${marker}\n\nand more` });
    }
  }
}

/**
 * The plan job's comment step (.github/workflows/example-policy-repository.yml) run as GitHub runs
 * it (`bash -e` on the step's script, with its environment), with the real gh and jq, against a
 * GitHub REST double on loopback: plan.md comes from `acctl policy plan --format markdown` against
 * a real server. A re-run edits the job's own comment, found by its marker on any page, and no
 * other; another folder's or server's plan has a comment of its own.
 */
describe('the example workflow comments its plan on the pull request (gh and jq, for real)', function () {
  this.timeout(120_000);
  let t: TestApp;
  let cli: ReturnType<typeof apiCli>;
  let work: string;
  let github: GitHubDouble;
  const folders: string[] = [];

  before(async () => {
    requireTool('gh');
    requireTool('jq');
    work = mkdtempSync(path.join(os.tmpdir(), 'acctl-plan-comment-'));
    execFileSync(
      'openssl',
      [
        ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'],
        ...['-keyout', path.join(work, 'key.pem'), '-out', path.join(work, 'cert.pem'), '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
      ],
      { stdio: 'ignore' },
    );
    github = new GitHubDouble({ key: readFileSync(path.join(work, 'key.pem')), cert: readFileSync(path.join(work, 'cert.pem')) });
    await github.listen();
    t = await startTestApp({ listen: true });
    cli = apiCli(t, (await apiAs(t, ['read:policies'])).client);
  });
  after(async () => {
    await github?.close();
    await t?.close();
    for (const dir of [work, ...folders]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** plan.md of a copy of policies-example/ owned by `owner`, as the Plan step writes it. */
  async function planMarkdown(owner: string, edit?: (text: string) => string): Promise<string> {
    const dir = copyOfExampleRepository();
    folders.push(dir);
    editFile(dir, 'acctl.yaml', (text) => text.replace('owner: platform-security', `owner: ${owner}`));
    if (edit) editFile(dir, 'api-read.yaml', edit);
    const result = await cli(['policy', 'plan', dir, '--prune', '--format', 'markdown']);
    expect(result.exitCode, result.stderr).to.equal(2);
    return result.stdout;
  }

  /** The step, in a job folder holding `plan`, as plan.md. */
  function runStep(plan: string, jobToken = token): Promise<{ code: number | null; output: string }> {
    const job = mkdtempSync(path.join(work, 'job-'));
    writeFileSync(path.join(job, 'plan.md'), plan);
    const step = commentStep();
    writeFileSync(path.join(job, 'step.sh'), step.run);
    const env = {
      PATH: process.env.PATH,
      HOME: job,
      GH_CONFIG_DIR: path.join(job, '.gh'),
      GITHUB_REPOSITORY: repository,
      // The step's env: as GitHub fills in its expressions.
      ...Object.fromEntries(Object.keys(step.env).map((name) => [name, { GH_TOKEN: jobToken, PR: String(pullRequest) }[name] ?? ''])),
      // gh talks to any host but github.com as GitHub Enterprise: its token is GH_ENTERPRISE_TOKEN there.
      GH_HOST: github.host,
      GH_ENTERPRISE_TOKEN: jobToken,
      SSL_CERT_FILE: path.join(work, 'cert.pem'),
      GH_NO_UPDATE_NOTIFIER: '1',
      GH_PROMPT_DISABLED: '1',
    };
    return new Promise((resolve, reject) => {
      const child = spawn('bash', ['-e', 'step.sh'], { cwd: job, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  const ownedBy = (marker: string) => github.comments.filter((comment) => comment.user.type === 'Bot' && comment.body.trimEnd().endsWith(marker));

  it('posts the plan as a new comment, then a re-run edits that comment in place, found past the first page of 100', async () => {
    const first = await planMarkdown('team-a');
    const marker = first.trimEnd().split('\n').at(-1)!;
    expect(marker).to.match(/^<!-- acctl:plan owner=team-a server=.+ -->$/);
    github.seed(150, marker);
    const others = JSON.stringify(github.comments);

    const created = await runStep(first);
    expect(created.code, created.output).to.equal(0);
    expect(github.writes).to.have.lengthOf(1);
    expect(github.writes[0]!.method).to.equal('POST');
    expect(github.comments.at(-1)!.body).to.equal(first);

    // More discussion, then a re-run with a changed plan: its comment is now on page 2 of 2.
    github.seed(60);
    const second = await planMarkdown('team-a', (text) => text.replace(/description: .*/, 'description: changed in review'));
    expect(second).not.to.equal(first);
    const edited = await runStep(second);
    expect(edited.code, edited.output).to.equal(0);
    expect(github.writes).to.have.lengthOf(2);
    expect(github.writes[1]).to.deep.equal({ method: 'PATCH', id: github.writes[0]!.id });
    expect(ownedBy(marker).map((comment) => comment.body)).to.deep.equal([second]);
    // Nobody else's comment changed: the first 152 are as they were.
    expect(JSON.stringify(github.comments.slice(0, 152))).to.equal(others);
  });

  it("gives another folder's plan a comment of its own, and a re-run of either edits only its own", async () => {
    const a = await planMarkdown('team-a');
    const b = await planMarkdown('team-b');
    const markerA = a.trimEnd().split('\n').at(-1)!;
    const markerB = b.trimEnd().split('\n').at(-1)!;
    expect(markerA).not.to.equal(markerB);

    for (const plan of [a, b, b, a]) {
      const result = await runStep(plan);
      expect(result.code, result.output).to.equal(0);
    }
    expect(ownedBy(markerA)).to.have.lengthOf(1);
    expect(ownedBy(markerB)).to.have.lengthOf(1);
    expect(ownedBy(markerB)[0]!.body).to.equal(b);
    const writesOf = (id: number) => github.writes.filter((write) => write.id === id).map((write) => write.method);
    expect(writesOf(ownedBy(markerB)[0]!.id)).to.deep.equal(['POST', 'PATCH']);
  });

  it('fails the step, writing nothing, when GitHub refuses the token', async () => {
    const before = github.writes.length;
    expect(commentStep().env.GH_TOKEN, 'the step authenticates with the job token').to.equal('${{ github.token }}');
    const result = await runStep(await planMarkdown('team-c'), 'ghs_revoked');
    expect(result.code, result.output).not.to.equal(0);
    expect(github.writes.length).to.equal(before);
  });
});
