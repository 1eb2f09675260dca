/**
 * The version of the shape of every JSON document the CLI prints (--json, --format json, the
 * error object). It changes only when a field is removed or changes meaning; new fields do not
 * change it, so scripts ignore fields they do not know. A string, as Terraform's `format_version`
 * (`terraform show -json`), so a later "1.1" reads as it is written. The schemas of these
 * documents are in schemas/cli/ (docs/cli-usage.md, "JSON output").
 */
export const JSON_FORMAT_VERSION = '1';

/** `value` with `format_version` first; values that are not plain objects pass through unchanged. */
export function jsonDocument(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  return { format_version: JSON_FORMAT_VERSION, ...value };
}
