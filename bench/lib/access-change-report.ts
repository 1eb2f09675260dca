/**
 * The proof's figures (bench/access-change.bench.ts measures them in a process of its own) and their
 * table: apart from the measuring script, so that the report does not load what the script runs.
 */
import { met, number, table } from './format.js';

/** The goal (#33): the analysis of a 10-policy change costs at most twice the lint of the repository. */
export const accessChangeGoal = 2;

export interface AccessChangeSummary {
  policies: number;
  runs: number;
  lint_ms: number;
  analysis_ms: number;
  analysis_to_lint: number;
  widens: string;
  narrows: string;
  /** The change that cannot widen: the proof searches every group to the end. */
  proof_ms: number;
  proof_to_lint: number;
  proof_widens: string;
}

export function renderAccessChange(summary: AccessChangeSummary): string {
  const lint = `lint of the ${number(summary.policies)} files, in process: ${number(summary.lint_ms)} ms`;
  return [
    `${number(summary.policies)} generated policies (the GitOps generator), 10 of them changed; medians of ${summary.runs} interleaved runs, in one process.`,
    '',
    ...table([
      [
        `\`compareAccess\`, a change that widens and narrows (4 actions added, 3 thresholds raised, 2 rules and 1 policy removed): widens ${summary.widens}, narrows ${summary.narrows}`,
        `${number(summary.analysis_ms)} ms`,
        lint,
        String(summary.analysis_to_lint),
        `≤ ${accessChangeGoal}`,
        met(summary.analysis_to_lint <= accessChangeGoal),
      ],
      [
        `\`compareAccess\`, a change that cannot widen (\`risk_score < 20\` added to every allow rule of 10 policies): widens ${summary.proof_widens}, proved by a search of every changed rule to its end`,
        `${number(summary.proof_ms)} ms`,
        lint,
        String(summary.proof_to_lint),
        `≤ ${accessChangeGoal}`,
        met(summary.proof_to_lint <= accessChangeGoal),
      ],
    ]),
  ].join('\n');
}
