/** An element of a parsed XML document: enough to check JUnit reports. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A strict little XML 1.0 parser (elements, attributes, text, comments, CDATA, the five predefined
 * and numeric character references): it throws on anything not well-formed, with the offset.
 */
export function parseXml(text: string): XmlElement {
  let position = 0;
  const fail = (message: string): never => {
    throw new Error(`XML not well-formed at offset ${position}: ${message} near ${JSON.stringify(text.slice(position, position + 40))}`);
  };
  const skipSpace = (): void => {
    while (/\s/.test(text[position] ?? '')) position += 1;
  };
  const decode = (raw: string): string =>
    raw.replace(/&([^;]*);?/g, (match, name: string) => {
      if (!match.endsWith(';')) return fail(`unterminated reference ${match}`);
      if (name in entities) return entities[name]!;
      const code = /^#x([0-9a-fA-F]+)$/.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
      if (code === undefined) return fail(`unknown entity &${name};`);
      return String.fromCodePoint(name.startsWith('#x') ? parseInt(code, 16) : Number(code));
    });
  const checkChars = (raw: string): void => {
    if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(raw)) fail('character not allowed in XML');
  };
  const name = (): string => {
    const match = /^[A-Za-z_:][\w.:-]*/.exec(text.slice(position));
    if (!match) return fail('expected a name');
    position += match[0].length;
    return match[0];
  };

  const element = (): XmlElement => {
    if (text[position] !== '<') fail('expected <');
    position += 1;
    const node: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
    for (;;) {
      skipSpace();
      if (text.startsWith('/>', position)) {
        position += 2;
        return node;
      }
      if (text[position] === '>') {
        position += 1;
        break;
      }
      const attribute = name();
      skipSpace();
      if (text[position] !== '=') fail('expected =');
      position += 1;
      skipSpace();
      const quote = text[position];
      if (quote !== '"' && quote !== "'") fail('expected a quoted value');
      const end = text.indexOf(quote!, position + 1);
      if (end === -1) fail('unterminated attribute value');
      const raw = text.slice(position + 1, end);
      if (raw.includes('<')) fail('< in an attribute value');
      checkChars(raw);
      if (attribute in node.attributes) fail(`attribute ${attribute} given twice`);
      node.attributes[attribute] = decode(raw);
      position = end + 1;
    }
    for (;;) {
      if (position >= text.length) fail(`unclosed <${node.name}>`);
      if (text.startsWith('</', position)) {
        position += 2;
        if (name() !== node.name) fail(`mismatched closing tag for <${node.name}>`);
        skipSpace();
        if (text[position] !== '>') fail('expected >');
        position += 1;
        return node;
      }
      if (text.startsWith('<!--', position)) {
        const end = text.indexOf('-->', position);
        if (end === -1) fail('unterminated comment');
        position = end + 3;
      } else if (text.startsWith('<![CDATA[', position)) {
        const end = text.indexOf(']]>', position);
        if (end === -1) fail('unterminated CDATA');
        node.text += text.slice(position + 9, end);
        position = end + 3;
      } else if (text[position] === '<') {
        node.children.push(element());
      } else {
        const end = text.indexOf('<', position);
        const raw = text.slice(position, end === -1 ? text.length : end);
        if (raw.includes(']]>')) fail(']]> in text');
        checkChars(raw);
        node.text += decode(raw);
        position += raw.length;
      }
    }
  };

  if (text.startsWith('<?xml')) {
    const end = text.indexOf('?>');
    if (end === -1) fail('unterminated XML declaration');
    position = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (position !== text.length) fail('content after the root element');
  return root;
}
