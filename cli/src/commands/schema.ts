import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import type { EditorSchemaKind } from '../../../core/src/index.js';
import { AcctlCommand } from '../../../kit/src/index.js';

export interface SchemaResult {
  kind: EditorSchemaKind;
  /** Its file name, on a server (/v1/schemas/v1/<file>) and in a repository's .schemas/. */
  file_name: string;
  /** Where it was written; null when printed. */
  out: string | null;
  /** The schema itself, when it was not written to a file. */
  schema?: Record<string, unknown>;
}

/** The kinds `acctl schema` takes, in the order of core's list (a type check keeps them the same). */
const kinds = ['policy', 'test', 'config'] as const satisfies readonly EditorSchemaKind[];

export default class SchemaCommand extends AcctlCommand {
  static override summary = 'Print or write the JSON Schema of policy files, test files or acctl.yaml, for editors';
  static override description = [
    'The schema is self-contained (every $ref points inside it), so an editor needs nothing else: save it in the policy repository and point the files at it with a first line such as `# yaml-language-server: $schema=.schemas/policy-file.json`, or map globs to it in .vscode/settings.json (`yaml.schemas`). acctl init does both.',
    'policy: a policy file (policy-file.json); test: a *.test.yaml file (policy-test-file.json); config: acctl.yaml (acctl-config-file.json). They are what acctl policy lint and test check with, and a server serves the same at /v1/schemas/v1/<file>.',
  ].join('\n');

  static override examples = ['<%= config.bin %> <%= command.id %> policy', '<%= config.bin %> <%= command.id %> test --out .schemas/policy-test-file.json'];

  static override args = {
    kind: Args.string({ description: 'Which file the schema describes.', required: true, options: [...kinds] }),
  };

  static override flags = {
    out: Flags.string({
      summary: 'Write the schema to this file (its folders are created) instead of printing it; --output is the same flag.',
      helpValue: 'FILE',
      aliases: ['output'],
    }),
  };

  public async run(): Promise<SchemaResult> {
    const { args, flags } = await this.parse(SchemaCommand);
    const kind = args.kind as EditorSchemaKind;
    // Loaded here: reading schemas/ is paid by this command only (the other commands import this file to be listed).
    const { editorSchemas, editorSchemaText } = await import('../scaffold/editor-schemas.js');
    const text = editorSchemaText(kind);
    const result: SchemaResult = { kind, file_name: editorSchemas[kind].fileName, out: null };
    if (flags.out === undefined) {
      if (this.jsonEnabled()) return { ...result, schema: JSON.parse(text) as Record<string, unknown> };
      process.stdout.write(text);
      return result;
    }
    mkdirSync(path.dirname(path.resolve(flags.out)), { recursive: true });
    writeFileSync(flags.out, text);
    this.say(`wrote ${flags.out}`);
    return { ...result, out: flags.out };
  }
}
