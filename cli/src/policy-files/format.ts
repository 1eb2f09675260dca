import { isMap, isNode, isPair, isScalar, isSeq, type ToStringOptions, type YAMLMap } from 'yaml';
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
  /** A mapping whose fields depend on one of its values (a condition's `type`): the layouts of `fields` by that value. */
  variants?: { key: string; fields: Readonly<Record<string, Readonly<Record<string, Layout>>>> };
}

/**
 * A condition: type, operator, value; inside the value, what its type holds (policy-condition schema):
 * a time window, an attribute comparison, the conditions of an any_of, the condition of a not (which
 * is why the layout refers to itself, and gets its variants once it exists).
 */
const conditionLayout: Layout = { keys: ['type', 'operator', 'value'] };
conditionLayout.variants = {
  key: 'type',
  fields: {
    time: { value: { keys: ['start', 'end', 'timezone', 'days'] } },
    attribute: { value: { keys: ['attribute', 'to'] } },
    any_of: { value: { items: conditionLayout } },
    not: { value: conditionLayout },
  },
};

const ruleLayout: Layout = {
  keys: ['effect', 'principals', 'resources', 'actions', 'conditions'],
  fields: {
    principals: { keys: ['type', 'attributes'] },
    resources: { keys: ['type', 'identifiers', 'attributes'] },
    conditions: { items: conditionLayout },
  },
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
      resources: { values: { keys: ['type', 'identifier', 'attributes'] } },
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
    const fields = { ...layout.fields, ...variantFields(node, layout) };
    for (const pair of node.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      applyLayout(pair.value, (key !== undefined ? fields[key] : undefined) ?? layout.values);
    }
  } else if (isSeq(node)) {
    for (const item of node.items) applyLayout(item, layout.items);
  }
}

/** The fields' layouts that the mapping's own value at `variants.key` selects (none for a value it does not know). */
function variantFields(node: YAMLMap, layout: Layout): Readonly<Record<string, Layout>> | undefined {
  if (layout.variants === undefined) return undefined;
  const tag = node.get(layout.variants.key);
  return typeof tag === 'string' && Object.hasOwn(layout.variants.fields, tag) ? layout.variants.fields[tag] : undefined;
}
