/**
 * The globs of acctl.yaml's `files`, matched against `/`-separated paths relative to the file's folder:
 * `*` and `?` within one path segment, `**` across segments (`**` + `/` also matches no folder at all),
 * `{a,b}` alternatives. A glob starting with `!` excludes what it matches.
 */
export function globMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const include = globs.filter((glob) => !glob.startsWith('!')).map(globToRegExp);
  const exclude = globs.filter((glob) => glob.startsWith('!')).map((glob) => globToRegExp(glob.slice(1)));
  return (relativePath) => include.some((pattern) => pattern.test(relativePath)) && !exclude.some((pattern) => pattern.test(relativePath));
}

export function globToRegExp(glob: string): RegExp {
  let source = '';
  let inBraces = false;
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index]!;
    if (char === '*' && glob[index + 1] === '*') {
      const slashAfter = glob[index + 2] === '/';
      source += slashAfter ? '(?:.*/)?' : '.*';
      index += slashAfter ? 2 : 1;
    } else if (char === '*') source += '[^/]*';
    else if (char === '?') source += '[^/]';
    else if (char === '{' && !inBraces) {
      inBraces = true;
      source += '(?:';
    } else if (char === '}' && inBraces) {
      inBraces = false;
      source += ')';
    } else if (char === ',' && inBraces) source += '|';
    else source += char.replace(/[.+^$()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^(?:\\./)?${source}$`);
}
