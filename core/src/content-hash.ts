import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import type { PolicyMetadata, PolicyRule } from './generated/schema-types.js';

/** What a policy says, as a version stores it: what `content_hash` covers. */
export interface PolicyContentFields {
  name: string;
  description: string;
  status: string;
  rules: readonly PolicyRule[];
  metadata: PolicyMetadata;
}

/**
 * The one rule for a policy's `content_hash` (GET /policies list items, and `acctl policy plan`,
 * which compares its files with the server through it): SHA-256 (hex) of the RFC 8785 canonical JSON
 * of name, description, status, rules and metadata without `provenance`. Provenance says who applied
 * the content, not what it is, so applying the same files from another commit changes nothing.
 */
export function policyContentHash(content: PolicyContentFields): string {
  const { provenance: _provenance, ...metadata } = content.metadata as PolicyMetadata & { provenance?: unknown };
  const canonical = canonicalJson({ name: content.name, description: content.description, status: content.status, rules: content.rules, metadata });
  return createHash('sha256').update(canonical).digest('hex');
}
