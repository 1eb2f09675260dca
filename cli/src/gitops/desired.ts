import { policyContentHash } from '../../../core/src/index.js';
import type { PolicyCreateRequest, PolicyMetadata, PolicyRule } from '../../../core/src/index.js';
import type { PolicyFile } from '../policy-files/policy-checks.js';
import { positionOf } from '../policy-files/source.js';
import { spanAt } from '../policy-files/yaml-file.js';

/** A policy's content as the server stores it: every field set, as a version records it. */
export interface PolicyContent {
  name: string;
  description: string;
  status: 'draft' | 'active' | 'archived';
  rules: PolicyRule[];
  metadata: PolicyMetadata;
}

/** A policy as the repository wants it: its content, its hash, and where it is written. */
export interface DesiredPolicy {
  name: string;
  content: PolicyContent;
  content_hash: string;
  /** The file and the position of its `name`, for annotations. */
  file: string;
  line: number;
  col: number;
}

/**
 * The content a policy file stands for, with the server's defaults filled in (POST /policies:
 * description "", status draft, metadata {}), and metadata.managed_by set to the repository's
 * ownership label (acctl.yaml `owner`): apply labels everything it writes, which is how prune knows
 * what is its own. metadata.owner stays what the file says (the team a policy is about).
 */
export function contentOf(policy: PolicyCreateRequest, owner: string | undefined): PolicyContent {
  const { provenance: _provenance, ...metadata } = (policy.metadata ?? {}) as PolicyMetadata & { provenance?: unknown };
  return {
    name: policy.name,
    description: policy.description ?? '',
    status: policy.status ?? 'draft',
    rules: policy.rules,
    metadata: owner === undefined ? metadata : { ...metadata, managed_by: owner },
  };
}

export function desiredPolicies(files: readonly PolicyFile[], owner: string | undefined): DesiredPolicy[] {
  return files.map(({ file, policy }) => {
    const content = contentOf(policy, owner);
    const { line, col } = positionOf(file.lineCounter, spanAt(file.doc, ['name'])[0]);
    return { name: content.name, content, content_hash: policyContentHash(content), file: file.path, line, col };
  });
}
