/**
 * Text PostgreSQL cannot store or compare: NUL (U+0000; text and jsonb refuse it, 22021) and a lone
 * UTF-16 surrogate (U+D800 to U+DFFF unpaired: JSON's "\ud800" parses to one; jsonb refuses it,
 * 22P05, and text in UTF-8 cannot hold it). The server's input boundary refuses such a request and
 * planToSql such a plan: one rule. Native and without a regular expression: it runs on every string
 * of every request.
 */
export function unstorableCharacter(text: string): 'nul' | 'lone_surrogate' | null {
  if (text.indexOf('\u0000') !== -1) return 'nul';
  // Node 20 has isWellFormed (ES2024), which the ES2023 lib does not declare.
  return (text as string & { isWellFormed(): boolean }).isWellFormed() ? null : 'lone_surrogate';
}
