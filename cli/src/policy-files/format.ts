import { isMap, isNode, isPair, isScalar, isSeq, type ToStringOptions } from 'yaml';
import type { Finding } from './findings.js';
import type { SourceFile } from './source.js';
import { parseYamlFile, type FileKind } from './yaml-file.js';

/** The canonical order of a mapping's keys, and the layouts of what it contains. */
interface Layout {
  keys?: readonly string[];
  /** Layouts by key. */
  fields?: Readonly<Record<string, Layout>>;
  /** The layout of every value of a mapping keyed by names (principals, environments). */
  values?: Layout;
  /** The layout of every item of a list. */
  items?: Layout;
}

const conditionLayout: Layout = { keys: ['type', 'operator', 'value'], fields: { value: { keys: ['start', 'end', 'timezone'] } } };

const ruleLayout: Layout = {
  keys: ['effect', 'principals', 'resources', 'actions', 'conditions'],
  fields: { principals: { keys: ['type', 'attributes'] }, resources: { keys: ['type', 'identifiers'] }, conditions: { items: conditionLayout } },
};

/** Key order by kind of file: what a reader looks for first comes first (policy: name, then what it is, then its rules). */
const layouts: Readonly<Record<FileKind, Layout>> = {
  policy: {
    keys: ['$schema', 'name', 'description', 'status', 'metadata', 'rules'],
    fields: { metadata: { keys: ['owner', 'compliance'] }, rules: { items: ruleLayout } },
  },
  test: {
    keys: ['$schema', 'name', 'description', 'policies', 'at', 'context', 'principals', 'resources', 'tests'],
    fields: {
      principals: { values: { keys: ['id', 'type', 'attributes'] } },
      resources: { values: { keys: ['type', 'identifier'] } },
      tests: {
        items: {
          keys: ['name', 'principals', 'resources', 'actions', 'at', 'context', 'expect', 'matched'],
          fields: { matched: { items: { keys: ['policy', 'rule'] } } },
        },
      },
    },
  },
  config: {
    keys: ['$schema', 'server', 'owner', 'files', 'environments'],
    fields: { environments: { values: { keys: ['server', 'values'] } } },
  },
};

/**
 * How canonical files are written: 2-space indentation, lists indented under their key, flow
 * collections (`[read, write]`) kept as written without inner padding, no line folding.
 */
const outputOptions: ToStringOptions = { indent: 2, indentSeq: true, lineWidth: 0, flowCollectionPadding: false };

export interface FormatResult {
  /** The canonical text, or undefined when the file cannot be parsed (see findings). */
  formatted: string | undefined;
  changed: boolean;
  findings: Finding[];
}

/**
 * The canonical form of a policy, test or acctl.yaml file: keys in the canonical order (others after
 * them, in their order), then printed with the options above. It works on the YAML Document, so
 * comments, quoting, anchors and flow or block style stay as written. Files that do not parse are
 * left alone.
 */
export function formatFile(source: SourceFile): FormatResult {
  const file = parseYamlFile(source);
  if (!file.ok) return { formatted: undefined, changed: false, findings: file.findings };
  const { doc } = file;
  const top = doc.contents;
  const firstPair = isMap(top) ? top.items[0] : undefined;
  if (top !== null) applyLayout(top, layouts[file.kind]);
  // A comment on the first lines of a file (the yaml-language-server schema line) belongs to the file,
  // though the parser hangs it on the first key when no blank line follows: it stays at the top when
  // that key moves down.
  const firstKey = firstPair?.key;
  if (isMap(top) && top.items[0] !== firstPair && isNode(firstKey) && firstKey.commentBefore && !doc.commentBefore) {
    doc.commentBefore = firstKey.commentBefore;
    firstKey.commentBefore = undefined;
  }
  const formatted = top === null && !doc.commentBefore ? source.text : doc.toString(outputOptions);
  return { formatted, changed: formatted !== source.text, findings: [] };
}

function applyLayout(node: unknown, layout: Layout | undefined): void {
  if (layout === undefined) return;
  if (isMap(node)) {
    if (layout.keys) {
      const order = layout.keys;
      const rank = (item: unknown): number => {
        const key = isPair(item) && isScalar(item.key) ? String(item.key.value) : undefined;
        const index = key === undefined ? -1 : order.indexOf(key);
        return index === -1 ? order.length : index;
      };
      const firstBefore = node.items[0];
      node.items.sort((a, b) => rank(a) - rank(b)); // stable: unknown keys keep their order
      const first = node.items[0];
      // A blank line before a key that moved to the top would open the mapping with an empty line.
      if (first !== firstBefore && first && isNode(first.key)) first.key.spaceBefore = false;
    }
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      applyLayout(pair.value, (key !== undefined ? layout.fields?.[key] : undefined) ?? layout.values);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) applyLayout(item, layout.items);
  }
}
