/**
 * The largest policy version number the API takes (the `maximum` of every version in schemas/:
 * policy-set-change.json, policy-rollback-request.json): a larger one is no version of any policy,
 * so the CLI refuses it as a usage error instead of sending it.
 */
export const maxPolicyVersion = 1_000_000_000;
