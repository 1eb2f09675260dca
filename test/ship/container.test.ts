import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { findFreePort } from '../../server/src/db/embedded-postgres.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { isolatedEnv, repoRoot, runProcess } from './support.js';

// No Docker engine runs on our machines (.github/workflows/container.yml builds and runs the image):
// here the Dockerfile and compose.yaml are read, and their health checks run against a real server.

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments left out. */
function dockerfileInstructions(): Instruction[] {
  const text = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
  const logical = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return logical
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const instructions = dockerfileInstructions();
const all = (keyword: string) => instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);
/** The instructions of the last stage: what the image is. */
const runtime = instructions.slice(instructions.map((instruction) => instruction.keyword).lastIndexOf('FROM'));
const inRuntime = (keyword: string) => runtime.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);

/** HEALTHCHECK [options] CMD ["node", "-e", "..."]: the command, exec form. */
function healthcheckCommand(): string[] {
  const [healthcheck] = inRuntime('HEALTHCHECK');
  const exec = /\bCMD\s+(\[.*\])\s*$/.exec(healthcheck ?? '');
  if (!exec?.[1]) throw new Error(`no exec-form HEALTHCHECK CMD in the Dockerfile: ${healthcheck}`);
  return JSON.parse(exec[1]) as string[];
}

interface Compose {
  services: Record<
    string,
    {
      image?: string;
      build?: string;
      environment?: Record<string, string>;
      depends_on?: Record<string, { condition: string }>;
      healthcheck?: { test: string[] };
      ports?: string[];
      volumes?: string[];
    }
  >;
}

const compose = parse(readFileSync(path.join(repoRoot, 'compose.yaml'), 'utf8')) as Compose;

/** Runs a health-check command (`node -e ...`) as the container would, its server on `port`. */
const runCheck = ([command = '', ...args]: string[], port: number) => runProcess(command, args, { env: isolatedEnv({ PORT: String(port) }) });

describe('the container image: Dockerfile', () => {
  it('builds in a stage of its own and runs on a Node.js 20 slim Debian base pinned by version, never latest', () => {
    expect(all('ARG')).to.include('NODE_IMAGE=node:20-bookworm-slim');
    expect(all('FROM')).to.deep.equal(['${NODE_IMAGE} AS build', '${NODE_IMAGE} AS runtime']);
    const build = instructions.slice(0, instructions.length - runtime.length).filter((instruction) => instruction.keyword === 'RUN');
    expect(build.map((instruction) => instruction.args).join('\n'))
      .to.include('npm ci')
      .and.include('npm pack --workspace server');
  });

  it('installs the packed server tarball in the image, as the non-root user acctl with uid 10001', () => {
    const runs = inRuntime('RUN').join('\n');
    expect(runs).to.match(/useradd .*--uid 10001 .*acctl/);
    expect(runs).to.match(/npm install --global \/packages\/acctl-server\.tgz/);
    expect(inRuntime('USER')).to.deep.equal(['acctl:acctl']);
  });

  it('serves on 0.0.0.0:8080, and keeps the embedded PostgreSQL without DATABASE_URL in the volume /var/lib/acctl', () => {
    const env = inRuntime('ENV').join(' ');
    expect(env).to.include('ACCTL_HOST=0.0.0.0').and.include('PORT=8080').and.include('ACCTL_DATA_DIR=/var/lib/acctl');
    expect(env).not.to.include('DATABASE_URL');
    expect(inRuntime('EXPOSE')).to.deep.equal(['8080']);
    expect(inRuntime('VOLUME')).to.deep.equal(['["/var/lib/acctl"]']);
    // Exec form: node, not a shell, receives SIGTERM.
    expect(JSON.parse(inRuntime('CMD')[0] ?? '')).to.be.an('array');
  });

  describe('its HEALTHCHECK, run against a real server', function () {
    this.timeout(60000);
    let t: TestApp;
    before(async () => {
      t = await startTestApp({ listen: true });
    });
    after(() => t.close());

    it('asks GET /v1/health with Node.js fetch (slim images have no curl), a route the server answers 200', async () => {
      const command = healthcheckCommand();
      expect(command.slice(0, 2)).to.deep.equal(['node', '-e']);
      const [, route] = /(\/v1\/[a-z]+)'/.exec(command[2] ?? '') ?? [];
      expect(route).to.equal('/v1/health');
      expect((await t.app.inject({ method: 'GET', url: route! })).statusCode).to.equal(200);
    });

    it('exits 0 while the server answers on $PORT, and 1 where nothing listens', async () => {
      const healthy = await runCheck(healthcheckCommand(), t.config.port);
      expect(healthy.exitCode, healthy.stderr).to.equal(0);
      const nobody = await runCheck(healthcheckCommand(), await findFreePort());
      expect(nobody.exitCode).to.equal(1);
    });
  });

  it('leaves local data, secrets, dependencies and git out of the build context (.dockerignore)', () => {
    const ignored = readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
    expect(ignored).to.include.members(['.git', '**/node_modules', '.acctl', '**/.env', 'dist']);
  });
});

describe('compose.yaml: the server with PostgreSQL 15', function () {
  this.timeout(60000);

  it('runs PostgreSQL 15 with a pg_isready health check, its data in a named volume', () => {
    const postgres = compose.services.postgres;
    expect(postgres?.image).to.match(/^postgres:15(-|$)/);
    expect(postgres?.healthcheck?.test.join(' ')).to.include('pg_isready');
    expect(postgres?.volumes).to.deep.equal(['postgres-data:/var/lib/postgresql/data']);
  });

  it('starts the server from this Dockerfile once PostgreSQL is healthy, on its DATABASE_URL, with a key it must be given', () => {
    const server = compose.services.server;
    expect(server?.build).to.equal('.');
    expect(server?.depends_on).to.deep.equal({ postgres: { condition: 'service_healthy' } });
    const databaseUrl = new URL((server?.environment?.DATABASE_URL ?? '').replace('${POSTGRES_PASSWORD:-acctl}', 'password'));
    expect([databaseUrl.protocol, databaseUrl.hostname, databaseUrl.port, databaseUrl.pathname]).to.deep.equal(['postgres:', 'postgres', '5432', '/acctl']);
    expect(server?.environment?.ACCTL_KEY_ENCRYPTION_KEY).to.match(/^\$\{ACCTL_KEY_ENCRYPTION_KEY:\?/);
    // Published on loopback only: putting it on a network is a decision, with TLS in front.
    expect(server?.ports).to.deep.equal(['127.0.0.1:8080:8080']);
  });

  it("has the server's health check exit 0 once it is ready (GET /v1/ready), and 1 where nothing listens", async () => {
    const t = await startTestApp({ listen: true });
    try {
      const test = compose.services.server?.healthcheck?.test ?? [];
      expect(test[0]).to.equal('CMD');
      expect(test.join(' ')).to.include("/v1/ready'");
      const ready = await runCheck(test.slice(1), t.config.port);
      expect(ready.exitCode, ready.stderr).to.equal(0);
      expect((await runCheck(test.slice(1), await findFreePort())).exitCode).to.equal(1);
    } finally {
      await t.close();
    }
  });
});
