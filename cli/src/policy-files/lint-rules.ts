/**
 * Every check `acctl policy lint` makes, by the stable id a finding carries (scripts and CI switch on
 * it), with its severity and what it means. docs/policy-files.md lists the same table, and a test fails
 * when the two drift apart. Errors fail lint; warnings fail it only with --strict.
 */
export const lintRules = {
  'unreadable-file': {
    severity: 'error',
    summary: 'The file is not read: it is binary (NUL bytes), not UTF-8, or over 1 MiB; the finding says which, and shows none of it.',
  },
  'yaml-syntax': { severity: 'error', summary: 'The file is not valid YAML (the parser says why).' },
  'yaml-warning': { severity: 'warning', summary: 'The YAML parser accepted the file but warns about something in it.' },
  'one-document': { severity: 'error', summary: 'A file holds more than one YAML document; each policy has its own file.' },
  'unknown-field': { severity: 'error', summary: 'A field the schema does not define at that place; the nearest allowed name is suggested.' },
  'missing-field': { severity: 'error', summary: 'A required field is missing.' },
  'wrong-type': { severity: 'error', summary: 'A value has the wrong type (a string where a list is expected, and so on).' },
  'invalid-value': {
    severity: 'error',
    summary: 'A value the schema does not allow: not one of the listed values, a bad pattern or format, too long, too many items.',
  },
  'unknown-time-zone': { severity: 'error', summary: 'A time condition names a time zone that is not an IANA zone; the nearest zone is suggested.' },
  'empty-time-window': { severity: 'error', summary: 'A time window whose start equals its end: it contains no minute, so the condition never holds.' },
  'unknown-attribute-path': {
    severity: 'error',
    summary:
      'An attribute condition reads a path that is not a value of the request (principal.id, principal.type, principal.attributes.NAME, resource.type, resource.identifier, resource.attributes.NAME, context.NAME, and of context.delegation only its fields depth, actors, actor_types, subject and verified); the nearest path is suggested.',
  },
  'conditions-too-deep': {
    severity: 'error',
    summary: 'any_of and not nested deeper than 5 levels, or more than 100 conditions in one rule: the server refuses the policy.',
  },
  'condition-never-holds': {
    severity: 'error',
    summary:
      'A condition, or a branch of any_of, that no request can make true at any instant (a value compared with itself by not_equals, not_exists of the principal type, not of two windows that cover the day...): decided exactly on the model of the access analysis, each request found checked by the engine.',
  },
  'unreachable-rule': {
    severity: 'error',
    summary:
      'A rule whose conditions and required attributes contradict each other (X and not X, x < 10 and x > 50, 09:00-10:00 and 14:00-15:00 in one zone, after an instant and before an earlier one), so it can never apply to any request at any instant, past or future; decided as condition-never-holds is. A rule the analysis cannot decide exactly or within its budget is not reported.',
  },
  'unknown-principal-type': {
    severity: 'error',
    summary:
      "A rule names a stored principal's type misspelt (`user` or `SERVISE` for USER, SERVICE, AGENT: a kind in capitals); types match exactly, so it never applies to those principals. Other types are left alone: a request may name an unstored principal of any type. The type meant is suggested.",
  },
  'duplicate-policy-name': { severity: 'error', summary: 'Two files define policies with the same name; a policy is identified by its name.' },
  'duplicate-rule': { severity: 'warning', summary: 'A rule identical to an earlier rule of the same policy: it changes nothing.' },
  'shadowed-rule': {
    severity: 'warning',
    summary:
      'An allow rule that can never take effect: every principal type, resource, identifier pattern and action it names is denied by an unconditional deny rule.',
  },
  'unknown-reference': { severity: 'error', summary: 'A test file names a principal, resource, policy or rule that does not exist.' },
  'missing-time': { severity: 'error', summary: 'A test has no time: set `at` on the test or on the file.' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type Severity = 'error' | 'warning';
export type LintRuleId = keyof typeof lintRules;
