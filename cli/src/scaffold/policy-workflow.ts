/**
 * The GitHub workflow of a policy repository, once: `acctl init` writes it (.github/workflows/acctl.yml)
 * and `npm run gen:example-workflow` writes it as this repository's example
 * (.github/workflows/example-policy-repository.yml, which test/gitops/example-workflow.test.ts keeps
 * equal to it). The two differ only where they must: how acctl is installed (this repository's own
 * action beside the example; the release's action, pinned to its commit, in a policy repository),
 * and the guard that skips the example's jobs here. Pure text.
 */

/** Set by scripts/build-packages.ts: the commit a release build was made from, '' in any other build. */
declare const __ACCTL_RELEASE_COMMIT__: string | undefined;

/** The commit of this release's tag, when this is a release build (unbundled sources have none). */
export const releaseCommit: string | undefined =
  typeof __ACCTL_RELEASE_COMMIT__ === 'string' && /^[0-9a-f]{40}$/.test(__ACCTL_RELEASE_COMMIT__) ? __ACCTL_RELEASE_COMMIT__ : undefined;

export type PolicyWorkflowKind = 'example' | 'init';

export interface PolicyWorkflowOptions {
  kind: PolicyWorkflowKind;
  /** The acctl release the action installs (package.json's version). */
  version: string;
  /**
   * init: the commit of the release tag v<version>, which a release build knows (GITHUB_SHA of the
   * tag's run): the action is pinned to it, as docs/install.md advises. Unknown (a build from
   * source), the action is named by its tag with a line saying to pin it.
   */
  actionCommit?: string;
}

/** The third-party actions, each pinned to the commit of a release (test/ship/workflows.test.ts checks every pin). */
const checkout = 'actions/checkout@de0fac2e4500dabe0009e67214ff5f5447ce83dd # v6.0.2';
const setupNode = 'actions/setup-node@6044e13b5dc448c55e2357c09f80417699197238 # v6.2.0';
const uploadArtifact = 'actions/upload-artifact@b7c566a772e6b6bfb58ed0dc250532a479d7789f # v6.0.0';
const downloadArtifact = 'actions/download-artifact@37930b1c2abaa49bbe596cd826c3c89aef350131 # v7.0.0';

/** The example lives in the acctl repository, where its jobs must not run: they skip themselves there. */
const exampleGuard = "github.repository != 'acctl/acctl'";

export function policyWorkflow(options: PolicyWorkflowOptions): string {
  const example = options.kind === 'example';
  const when = (condition?: string): string => {
    const all = [...(example ? [exampleGuard] : []), ...(condition === undefined ? [] : [condition])];
    return all.length === 0 ? '' : `\n    if: ${all.join(' && ')}`;
  };
  const install = example
    ? `      - name: Install acctl
        uses: ./
        with: {version: '${options.version}'}`
    : options.actionCommit !== undefined
      ? `      - name: Install acctl
        uses: acctl/acctl@${options.actionCommit} # v${options.version}`
      : `      - name: Install acctl
        # Pin this to the commit of the tag v${options.version} (docs/install.md): a tag can be moved, a commit cannot.
        uses: acctl/acctl@v${options.version}`;
  const setup = `      - uses: ${checkout}
        with: {persist-credentials: false}
      - uses: ${setupNode}
        with: {node-version: 20}
${install}`;
  const secrets = `        env:
          ACCTL_CLIENT_ID: \${{ secrets.ACCTL_CLIENT_ID }}
          ACCTL_CLIENT_SECRET: \${{ secrets.ACCTL_CLIENT_SECRET }}`;
  const fromBranch = "github.event_name == 'pull_request' && github.event.pull_request.head.repo.full_name == github.repository";
  return `${example ? exampleHeader : initHeader}
# Every pull request, a fork's too, and every push to main: format check, lint and tests
# (annotations on the diff); they need no secret and no server.
# Pull requests from a branch of this repository: a plan against the server and the impact of the
# change on the decisions the server recorded in the last 7 days (which would flip, deny → allow
# first), posted together as one pull-request comment; the plan is kept as the artifact
# \`policy-plan\` (plan.json). A fork's pull request gets no secrets (GitHub's rule), so its plan and
# impact are skipped, with a notice saying so.
# Pushes to main: apply the plan its pull request reviewed (\`acctl policy apply plan.json\`), exactly:
# if the server moved since that plan, apply refuses it (exit 9) and changes nothing.
#
# Set in the repository's settings:
# - the variable ACCTL_SERVER (the server's URL: acctl.yaml names it too, but a saved plan is
#   applied without the folder);
# - an environment named \`policies\`, with required reviewers and deployment branches limited to
#   main, holding the secrets ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET of a client allowed
#   read:policies write:policies delete:policies:
#     acctl server client create --name policies-ci --scope read:policies --scope write:policies --scope delete:policies
#   and the repository secrets of the same names for the plan and the impact (a client with
#   read:policies and read:audit is enough).
# The secrets reach only the steps that talk to the server (plan, impact, apply), not the install or
# the checks.
#
# Each \`acctl\` command stays on one line: test/gitops/example-workflow.test.ts runs them, in order.
name: ${example ? 'policies (example for a policy repository)' : 'policies'}

on:
  pull_request:
  push:
    branches: [main]

# One apply at a time per branch: a second one waits instead of racing (apply would refuse it anyway).
concurrency:
  group: policies-\${{ github.ref }}
  cancel-in-progress: false

env:
  ACCTL_SERVER: \${{ vars.ACCTL_SERVER }}

jobs:
  checks:${when()}
    runs-on: ubuntu-latest
    permissions:
      contents: read
    steps:
${setup}
      - name: Format, lint and test
        run: |
          acctl policy fmt . --check
          acctl policy lint . --strict --format github
          acctl policy test . --format github
      - name: Skip the plan of a pull request from a fork
        if: github.event_name == 'pull_request' && github.event.pull_request.head.repo.full_name != github.repository
        run: |
          message="Plan and impact skipped: a pull request from a fork gets no secrets, so it cannot read the server. Lint and test ran. To plan it, push its branch to this repository and open the pull request from there."
          echo "::notice title=acctl policy plan skipped::$message"
          echo "$message" >> "$GITHUB_STEP_SUMMARY"

  plan:${when(fromBranch)}
    needs: checks
    runs-on: ubuntu-latest
    permissions:
      contents: read
      pull-requests: write
    steps:
${setup}
      - name: Plan
        # Exit 2 means "there are changes": that is what a pull request is for.
${secrets}
        run: |
          acctl policy plan . --prune --format markdown --out plan.json > plan.md || test $? -eq 2
      - name: Impact
        # The decisions of the last 7 days replayed against the policies as this plan leaves them.
        # Exit 2 means "some would flip": the comment shows them to the reviewers, deny → allow first.
${secrets}
        run: |
          acctl policy impact . --prune --since 7d --format markdown > impact.md || test $? -eq 2
      - name: Keep the plan for apply
        # The push to main that merges this pull request applies this file, and nothing else.
        uses: ${uploadArtifact}
        with:
          name: policy-plan
          path: plan.json
          if-no-files-found: error
          retention-days: 30
      - name: Comment the plan on the pull request
        # One comment: the impact, then the plan. plan.md ends with a hidden marker line,
        # <!-- acctl:plan owner=... server=... -->: the comment a bot wrote that ends with it is this
        # job's own, edited in place on a re-run; no other comment is touched (a person quoting the
        # marker, another folder's or server's plan). REST calls only (\`gh api\`);
        # test/gitops/plan-comment.test.ts runs this step with the real gh and jq.
        env:
          GH_TOKEN: \${{ github.token }}
          PR: \${{ github.event.pull_request.number }}
        run: |
          { if [ -f impact.md ]; then cat impact.md; echo; fi; cat plan.md; } > comment.md
          marker=$(tail -n 1 comment.md)
          id=$(gh api --paginate "repos/$GITHUB_REPOSITORY/issues/$PR/comments" | jq -rs --arg marker "$marker" '[.[][] | select(.user.type == "Bot" and (.body | sub("\\\\s+$"; "") | endswith($marker)))] | first | .id // empty')
          if [ -n "$id" ]; then gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F body=@comment.md > /dev/null; else gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$PR/comments" -F body=@comment.md > /dev/null; fi

  apply:${when("github.event_name == 'push' && github.ref == 'refs/heads/main'")}
    needs: checks
    runs-on: ubuntu-latest
    # The environment protects apply: its reviewers approve the job, only main may use it, and the
    # writing client's secrets live there, out of every other job's reach.
    environment: policies
    permissions:
      contents: read
      actions: read
      pull-requests: read
    steps:
${setup}
      - name: Find the plan its pull request reviewed
        # The pull request this push merged, if it came from a branch of this repository (a fork's
        # run could upload anything under that name), and the newest successful run of this
        # workflow on its last commit.
        id: reviewed
        env:
          GH_TOKEN: \${{ github.token }}
        run: |
          workflow="\${GITHUB_WORKFLOW_REF%%@*}"
          workflow="\${workflow#*/*/}"
          run=""
          pr="$(gh api "repos/$GITHUB_REPOSITORY/commits/$GITHUB_SHA/pulls" --jq '[.[] | select(.merged_at != null and .head.repo.full_name == env.GITHUB_REPOSITORY)][0].number // empty')"
          if [ -n "$pr" ]; then
            head="$(gh api "repos/$GITHUB_REPOSITORY/pulls/$pr" --jq .head.sha)"
            run="$(WORKFLOW="$workflow" gh api "repos/$GITHUB_REPOSITORY/actions/runs?event=pull_request&status=success&head_sha=$head" --jq '[.workflow_runs[] | select(.path == env.WORKFLOW and .head_repository.full_name == env.GITHUB_REPOSITORY)][0].id // empty')"
          fi
          if [ -z "$run" ]; then
            echo "::error title=No reviewed plan::$GITHUB_SHA was not merged from a pull request of this repository whose plan succeeded (a direct push, or a fork's pull request, whose plan was skipped). Nothing was applied. The next pull request from a branch of this repository plans this change too (an empty commit is enough); merging it applies it."
            exit 1
          fi
          echo "Applying the plan of pull request #$pr (commit $head, run $run)."
          echo "run-id=$run" >> "$GITHUB_OUTPUT"
      - uses: ${downloadArtifact}
        with:
          name: policy-plan
          run-id: \${{ steps.reviewed.outputs.run-id }}
          github-token: \${{ github.token }}
      - name: Apply the reviewed plan
        # A saved plan is its own approval: no --auto-approve. Exit 9: the server changed since the
        # plan (someone applied first, or edited a policy); nothing was applied. Re-run the pull
        # request's workflow for a fresh plan, review it, then re-run this job.
        # Records GITHUB_SHA, the run's URL and GITHUB_ACTOR in each new version's metadata.provenance.
${secrets}
        run: |
          acctl policy apply plan.json
`;
}

const exampleHeader = `# An example GitHub Actions workflow for a policy repository (a repository of policy YAML files with
# an acctl.yaml at its root, like policies-example/). \`acctl init\` writes the same workflow (from
# cli/src/scaffold/policy-workflow.ts, as \`npm run gen:example-workflow\` writes this file). Its jobs
# skip themselves in the acctl repository, where this file is only an example (the
# \`github.repository != 'acctl/acctl'\` conditions). Here acctl comes from \`uses: ./\` (this
# repository's action.yml); in a policy repository, the acctl/acctl action pinned to the commit of a
# release tag (docs/install.md), which checks the CLI against the release's SHA256SUMS.
#`;

const initHeader = `# Written by acctl init: the example workflow of the acctl repository, as it is in a policy
# repository. acctl comes from the acctl/acctl action of the release that wrote this file, which
# checks the CLI against the release's SHA256SUMS (docs/install.md).
#`;

/** Where this repository keeps the example, relative to its root. */
export const exampleWorkflowFile = '.github/workflows/example-policy-repository.yml';

/** The example's text, for this repository's version (package.json). */
export function exampleWorkflowText(version: string): string {
  return policyWorkflow({ kind: 'example', version });
}
