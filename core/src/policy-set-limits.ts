/**
 * The limits of one change set (POST /policy-sets, docs/policy-sets.md "Limits"), the one place
 * the server and the CLI read them from. `changes` is also the `maxItems` of
 * schemas/policy-set-request.json (test/gitops/change-set.test.ts keeps the two equal);
 * `bytes`, the route's body limit, is a size no schema keyword can carry. Sized so a repository of
 * 5,000 policies applies in one set: the benchmark's generated policies average under 1 KiB.
 */
export const policySetLimits = Object.freeze({ changes: 10_000, bytes: 32 * 1024 * 1024 });
