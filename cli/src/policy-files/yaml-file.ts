import { isAlias, isMap, isNode, isPair, isScalar, isSeq, LineCounter, parseAllDocuments, parseDocument, type Document, type Node } from 'yaml';
import type { PrecompiledSchemaName } from '../../../core/src/index.js';
import { findingAt, type Finding, type Locatable } from './findings.js';
import { lintRules } from './lint-rules.js';
import type { SourceFile, Span } from './source.js';
import { configFileNames } from './config-file.js';

/** What a file in a policy folder is, told by its name. */
export type FileKind = 'policy' | 'test' | 'config';

/** The JSON Schema (schemas/<name>.json) each kind of file is checked against. */
export const schemaNameOfKind: Readonly<Record<FileKind, PrecompiledSchemaName>> = {
  policy: 'policy-create-request',
  test: 'policy-test',
  config: 'acctl-config',
};

export function fileKindOf(path: string): FileKind {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if ((configFileNames as readonly string[]).includes(name)) return 'config';
  return /\.test\.ya?ml$/.test(name) ? 'test' : 'policy';
}

/** A path into a document, as JSON Pointer segments: `rules`, 0, `actions`. */
export type DocumentPath = ReadonlyArray<string | number>;

/**
 * A YAML file read with its source positions kept: the Document (nodes with ranges and comments) and
 * the line starts that turn offsets into line:col. `value` is the plain data, only when the file
 * parsed without errors.
 */
export interface ParsedFile extends Locatable {
  kind: FileKind;
  doc: Document.Parsed;
  findings: Finding[];
  value: unknown;
  ok: boolean;
}

export function parseYamlFile(source: SourceFile): ParsedFile {
  if (source.unreadable !== undefined) {
    // One finding naming the file and why; none of its content (a binary's bytes would flood the terminal).
    const lineCounter = new LineCounter();
    const located: Locatable = { path: source.path, text: '', lineCounter };
    const finding: Finding = {
      rule: 'unreadable-file',
      severity: lintRules['unreadable-file'].severity,
      message: `not read: ${source.unreadable}`,
      file: source.path,
      ...{ line: 1, col: 1, endLine: 1, endCol: 1 },
      excerpt: '',
    };
    return {
      ...located,
      kind: source.kind ?? fileKindOf(source.path),
      doc: parseDocument('', { lineCounter }),
      findings: [finding],
      value: undefined,
      ok: false,
    };
  }
  let lineCounter = new LineCounter();
  let documents: Document.Parsed[] = parseAllDocuments(source.text, { lineCounter, prettyErrors: false });
  if (documents.length === 0) {
    // A file of nothing (or only comments) is one empty document, so every file has one.
    lineCounter = new LineCounter();
    documents = [parseDocument(source.text, { lineCounter, prettyErrors: false })];
  }
  const [doc, ...extraDocuments] = documents as [Document.Parsed, ...Document.Parsed[]];
  const located: Locatable = { path: source.path, text: source.text, lineCounter };
  const findings: Finding[] = [];
  for (const error of doc.errors) findings.push(findingAt(located, error.pos, 'yaml-syntax', yamlMessage(error.message)));
  for (const warning of doc.warnings) findings.push(findingAt(located, warning.pos, 'yaml-warning', yamlMessage(warning.message)));
  for (const extra of extraDocuments) {
    const start = extra.range[0];
    findings.push(
      findingAt(located, [start, start + 3], 'one-document', 'a second YAML document in the file: put one policy (or one test suite) in each file'),
    );
    for (const error of extra.errors) findings.push(findingAt(located, error.pos, 'yaml-syntax', yamlMessage(error.message)));
  }
  const ok = findings.every((finding) => finding.severity !== 'error');
  return { ...located, kind: source.kind ?? fileKindOf(source.path), doc, findings, value: ok ? doc.toJS({ maxAliasCount: 100 }) : undefined, ok };
}

/** The parser's message without the source excerpt it may append (the finding carries its own). */
function yamlMessage(message: string): string {
  const firstLine = message.split('\n')[0] ?? message;
  return firstLine.replace(/ at line \d+, column \d+:?$/, '');
}

/** Where a node found by path sits: the node itself and, for a map entry, its key. */
export interface NodeLocation {
  node: Node | null;
  key: Node | null;
  /** The part of `path` that was found: shorter when the path runs past the document (a merge key). */
  found: DocumentPath;
}

/** Walks the document along `path` (aliases followed), as far as the document goes. */
export function locate(doc: Document, path: DocumentPath): NodeLocation {
  let node: unknown = doc.contents;
  let key: Node | null = null;
  const found: Array<string | number> = [];
  for (const segment of path) {
    if (isAlias(node)) node = node.resolve(doc);
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && keyText(item.key) === String(segment));
      if (!pair) break;
      key = isNode(pair.key) ? pair.key : null;
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      key = null;
      node = node.items[segment];
    } else {
      break;
    }
    found.push(segment);
  }
  if (isAlias(node)) node = node.resolve(doc) ?? node;
  return { node: isNode(node) ? node : null, key, found };
}

/** The text a map key stands for, as toJS would make it. */
export function keyText(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

/** The span of a node: from its first character to the end of its value (comments after it excluded). */
export function spanOf(node: Node | null | undefined, fallback: Span = [0, 0]): Span {
  const range = node?.range;
  return range ? [range[0], range[1]] : fallback;
}

/**
 * The span to point at for something at `path`: the value there (or, with `at: 'key'`, its key), else
 * the nearest enclosing node the document has, else the start of the file.
 */
export function spanAt(doc: Document, path: DocumentPath, at: 'value' | 'key' = 'value'): Span {
  const { node, key, found } = locate(doc, path);
  if (found.length === path.length) {
    if (at === 'key' && key) return spanOf(key);
    if (node) return spanOf(node);
    if (key) return spanOf(key);
  }
  if (key) return spanOf(key);
  return spanOf(node, [0, 0]);
}
