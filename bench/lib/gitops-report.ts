/**
 * The GitOps figures (bench/gitops.bench.ts measures them in a process of its own) and their table:
 * apart from the measuring script, so that the report does not load what the script starts.
 */
import type { ProfileSummary } from '../profile-summary.js';
import type { LoadResult } from './load.js';
import { met, number, table, throughput } from './format.js';

export interface TimedCommand {
  step: string;
  command: string;
  exit_code: number | null;
  /** Every run's wall time (spawn to exit), in the order measured. */
  runs_s: number[];
  median_s: number;
}

export interface GitopsSummary {
  policies: number;
  /** Which CLI ran the commands: the bundle users install (cli/bin/acctl.js), built from the sources first. */
  cli: string;
  node: string;
  load_average_at_start: number[];
  commands: TimedCommand[];
  /**
   * Decisions over HTTP without an apply; while `acctl policy apply` runs back to back, each run
   * updating every policy (the goal: what a CI job's apply costs decisions); and, harsher,
   * while the server does nothing but apply change sets of every policy, POSTed back to back.
   */
  decisions: {
    without_apply: LoadResult;
    during_apply: LoadResult;
    /** While `acctl policy lint` of the same checkouts runs back to back: the CLI's CPU without the server (CliLoop in gitops.bench.ts). */
    during_lint: LoadResult;
    during_sets: LoadResult;
    /** CLI applies during the measured windows, and each one's time (spawn to exit). */
    applies: { count: number; changes_per_apply: number; seconds: { p50: number; max: number } };
    /** Change sets POSTed during the measured windows, and each one's time (POST to answer). */
    sets: { count: number; changes_per_set: number; seconds: { p50: number; max: number } };
    /**
     * The goal as deployed (cpu-split.ts): the server's host (server, PostgreSQL, the load)
     * on `host_cpus`, `acctl policy apply` run back to back on a CI runner's CPU, `runner_cpus`.
     * Absent where the machine cannot split (one CPU, no taskset).
     */
    split?: {
      host_cpus: string;
      runner_cpus: string;
      without_apply: LoadResult;
      during_apply: LoadResult;
      applies: { count: number; changes_per_apply: number; seconds: { p50: number; max: number } };
    };
  };
  ratios: {
    first_apply_to_lint: number;
    noop_plan_to_lint: number;
    noop_apply_to_lint: number;
    decisions_during_apply_to_without: number;
    /** During applies ÷ during lints: what an apply costs the server's decisions beyond the CLI process's CPU on the same cores. */
    decisions_during_apply_to_during_lint: number;
    decisions_during_sets_to_without: number;
    /** The goal's figure: decisions.split's during ÷ without. */
    decisions_during_apply_to_without_split?: number;
  };
  /** With BENCH_CPU_PROF=1: the server's CPU profile over a window of decisions during applies. */
  profile?: { file: string; load: LoadResult; summary: ProfileSummary };
}

export const gitopsGoals = { first_apply_to_lint: 2, noop_plan_to_lint: 1.5, noop_apply_to_lint: 1.5, decisions_during_apply_to_without: 0.8 } as const;

export function renderGitops(summary: GitopsSummary): string {
  const byStep = new Map(summary.commands.map((command) => [command.step, command]));
  const seconds = (step: string) => `${byStep.get(step)?.median_s ?? '?'} s`;
  const runs = (step: string) => byStep.get(step)?.runs_s.length ?? 0;
  const lint = `lint: ${seconds('lint')}`;
  const { ratios, decisions } = summary;
  const rows = [
    [
      `First \`acctl policy apply\` of ${number(summary.policies)} policies (one change set of ${number(summary.policies)} creates)`,
      seconds('first apply'),
      lint,
      String(ratios.first_apply_to_lint),
      `≤ ${gitopsGoals.first_apply_to_lint}`,
      met(ratios.first_apply_to_lint <= gitopsGoals.first_apply_to_lint),
    ],
    [
      `No-op \`acctl policy plan\` (median of ${runs('no-op plan')})`,
      seconds('no-op plan'),
      lint,
      String(ratios.noop_plan_to_lint),
      `≤ ${gitopsGoals.noop_plan_to_lint}`,
      met(ratios.noop_plan_to_lint <= gitopsGoals.noop_plan_to_lint),
    ],
    [
      `No-op \`acctl policy apply\` (median of ${runs('no-op apply')})`,
      seconds('no-op apply'),
      lint,
      String(ratios.noop_apply_to_lint),
      `≤ ${gitopsGoals.noop_apply_to_lint}`,
      met(ratios.noop_apply_to_lint <= gitopsGoals.noop_apply_to_lint),
    ],
    ...(decisions.split && ratios.decisions_during_apply_to_without_split !== undefined
      ? [
          [
            `POST /v1/decisions/evaluate while \`acctl policy apply\` runs back to back on a CI runner's CPU (${decisions.split.runner_cpus}), each updating all ${number(decisions.split.applies.changes_per_apply)} policies (${decisions.split.applies.count} applies, p50 ${decisions.split.applies.seconds.p50} s each); the server, PostgreSQL and the load on CPU ${decisions.split.host_cpus}`,
            throughput(decisions.split.during_apply),
            `without an apply, same CPUs: ${number(decisions.split.without_apply.requests_per_second)} req/s`,
            String(ratios.decisions_during_apply_to_without_split),
            `≥ ${gitopsGoals.decisions_during_apply_to_without}`,
            met(ratios.decisions_during_apply_to_without_split >= gitopsGoals.decisions_during_apply_to_without),
          ],
        ]
      : []),
    [
      `The same with every process on every CPU: the CLI process takes a core from the server's decisions (${decisions.applies.count} applies, p50 ${decisions.applies.seconds.p50} s each)`,
      throughput(decisions.during_apply),
      `without an apply: ${number(decisions.without_apply.requests_per_second)} req/s`,
      String(ratios.decisions_during_apply_to_without),
      decisions.split ? 'none (shared cores)' : `≥ ${gitopsGoals.decisions_during_apply_to_without}`,
      decisions.split ? '' : met(ratios.decisions_during_apply_to_without >= gitopsGoals.decisions_during_apply_to_without),
    ],
    [
      `The same, beside decisions while \`acctl policy lint\` of the same checkouts runs back to back (the CLI's own CPU on the same cores, without the server)`,
      throughput(decisions.during_apply),
      `during lints: ${number(decisions.during_lint.requests_per_second)} req/s`,
      String(ratios.decisions_during_apply_to_during_lint),
      'none (shared cores)',
      '',
    ],
    [
      `Stress, no goal: the same while the server only applies change sets of ${number(decisions.sets.changes_per_set)} updates, POSTed back to back (${decisions.sets.count} applied, p50 ${decisions.sets.seconds.p50} s each)`,
      throughput(decisions.during_sets),
      `without an apply: ${number(decisions.without_apply.requests_per_second)} req/s`,
      String(ratios.decisions_during_sets_to_without),
      'none',
      '',
    ],
  ];
  const profiled = summary.profile
    ? [
        '',
        `Server CPU profile, decisions during applies (${number(summary.profile.load.requests_per_second)} req/s while profiled, idle ${summary.profile.summary.idle_percent}%; ${summary.profile.file}), by self time:`,
        '',
        '| Function | Location | Self % | Total % |',
        '|---|---|---:|---:|',
        ...summary.profile.summary.top_self.map((entry) => `| \`${entry.function}\` | ${entry.location} | ${entry.self_percent} | ${entry.total_percent} |`),
        '',
        'By total time:',
        '',
        '| Function | Location | Self % | Total % |',
        '|---|---|---:|---:|',
        ...summary.profile.summary.top_total.map((entry) => `| \`${entry.function}\` | ${entry.location} | ${entry.self_percent} | ${entry.total_percent} |`),
      ]
    : [];
  const commandRows = summary.commands.map((command) => `| ${command.step} | \`${command.command}\` | ${command.runs_s.join(', ')} | ${command.median_s} |`);
  return [
    `${number(summary.policies)} policy files; the CLI as installed (${summary.cli}), Node ${summary.node}; load average ${summary.load_average_at_start.join(' / ')} at the start.`,
    '',
    ...table(rows),
    '',
    '| Step | Command | Runs (s) | Median (s) |',
    '|---|---|---|---:|',
    ...commandRows,
    ...profiled,
  ].join('\n');
}
