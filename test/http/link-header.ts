/** One link of an RFC 8288 Link field: its target as written, its relation types and other parameters. */
export interface WebLink {
  target: string;
  /** The relation types of `rel` (a space-separated list), lower-cased (RFC 8288 section 2.1.1). */
  rel: string[];
  params: Record<string, string>;
}

const tokenChars = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;

/**
 * A Link field value (RFC 8288 section 3): `#link-value`, each `"<" URI-Reference ">"` followed by
 * `; name=value` parameters whose values are tokens or quoted strings (which may hold `,` and `;`).
 * Empty list elements are skipped (RFC 9110 section 5.6.1); a parameter after the first of its
 * name is ignored (section 3.3). Throws on anything else, so a malformed header fails the test.
 */
export function parseLinkHeader(value: string): WebLink[] {
  const links: WebLink[] = [];
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`Link header: ${what} at ${at} in ${JSON.stringify(value)}`);
  };
  const skipSpace = (): void => {
    while (value[at] === ' ' || value[at] === '\t') at += 1;
  };
  const token = (): string => {
    tokenChars.lastIndex = at;
    const match = tokenChars.exec(value);
    if (!match) return fail('expected a token');
    at = tokenChars.lastIndex;
    return match[0];
  };
  const quoted = (): string => {
    let text = '';
    for (at += 1; at < value.length && value[at] !== '"'; at += 1) {
      if (value[at] === '\\') at += 1;
      text += value[at] ?? '';
    }
    if (value[at] !== '"') fail('unclosed quoted string');
    at += 1;
    return text;
  };
  for (;;) {
    skipSpace();
    if (at >= value.length) return links;
    if (value[at] === ',') {
      at += 1;
      continue;
    }
    if (value[at] !== '<') fail('expected <');
    const close = value.indexOf('>', at);
    if (close < 0) fail('unclosed <');
    const target = value.slice(at + 1, close);
    at = close + 1;
    const params: Record<string, string> = {};
    for (skipSpace(); value[at] === ';'; skipSpace()) {
      at += 1;
      skipSpace();
      const name = token().toLowerCase();
      skipSpace();
      let paramValue = '';
      if (value[at] === '=') {
        at += 1;
        skipSpace();
        paramValue = value[at] === '"' ? quoted() : token();
      }
      if (!(name in params)) params[name] = paramValue;
    }
    if (at < value.length && value[at] !== ',') fail('expected , or the end');
    links.push({
      target,
      rel: (params.rel ?? '')
        .toLowerCase()
        .split(/[ \t]+/)
        .filter(Boolean),
      params,
    });
  }
}

/** The absolute URL of the link with relation `rel`, resolved against the request's URL; undefined when there is none. */
export function linkTo(links: WebLink[], rel: string, base: string): string | undefined {
  const link = links.find((each) => each.rel.includes(rel));
  return link ? new URL(link.target, base).href : undefined;
}
