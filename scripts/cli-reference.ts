/**
 * docs/cli.md, the CLI reference: rendered from the oclif commands of both packages, with their
 * arguments, flags and examples. `npm run docs:cli` writes the file; test/meta/docs.test.ts fails
 * when the committed copy differs from what the commands give.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Config, type Command, type Interfaces } from '@oclif/core';
import { serverLoadOptions } from '../server/src/cli/index.js';

const repoRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');

export const cliReferencePath = path.join(repoRoot, 'docs', 'cli.md');

export type Topics = Record<string, { description?: string }>;

/**
 * Every command a user of acctl meets, from the TypeScript sources (so the reference never
 * depends on a stale build): the CLI's (cli/src/commands), and the server package's as
 * `acctl server …` (server/src/cli), with their topics.
 */
export async function loadCommandLine(): Promise<{ commands: Command.Loadable[]; topics: Topics }> {
  const cli = path.join(repoRoot, 'cli');
  const pjson = JSON.parse(readFileSync(path.join(cli, 'package.json'), 'utf8'));
  pjson.oclif.commands = './src/commands';
  const cliConfig = await Config.load({ root: cli, pjson });
  const serverConfig = await Config.load(serverLoadOptions({ bin: 'acctl server' }));
  const serverTopics: Topics = serverConfig.pjson.oclif.topics ?? {};
  return {
    commands: [...cliConfig.commands, ...serverConfig.commands.map((command) => ({ ...command, id: `server:${command.id}` }) as Command.Loadable)],
    topics: {
      ...(pjson.oclif.topics ?? {}),
      server: {
        description:
          'Run and administer an acctl server (works directly on its database). These commands come with the server package, @acctl/server: installed beside the CLI, `acctl server …` runs them; alone, it is `acctl-server …`',
      },
      ...Object.fromEntries(Object.entries(serverTopics).map(([name, topic]) => [`server:${name}`, topic])),
    },
  };
}

/** The manifest of every command (loadCommandLine), as docs/cli.md renders it. */
export async function loadCliManifest(): Promise<{ manifest: Interfaces.Manifest; topics: Topics }> {
  const { commands, topics } = await loadCommandLine();
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'cli', 'package.json'), 'utf8')) as { version: string };
  return { manifest: { version, commands: Object.fromEntries(commands.map((command) => [command.id, command])) }, topics };
}

/** Escapes what markdown would read as markup in prose, leaving `code spans` as written. */
function prose(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[\\*<>[\]|]/g, (character) => `\\${character}`).replace(/(^|\W)_|_(?=\W|$)/g, '$1\\_')))
    .join('');
}

/** A table cell: prose on one line. GFM splits cells at every `|`, even inside a code span, unless escaped. */
function cell(text: string): string {
  return prose(text)
    .replace(/\s*\n\s*/g, ' ')
    .replace(/(?<!\\)\|/g, '\\|');
}

/** A code span inside a table cell. */
const code = (text: string): string => `\`${text.replaceAll('|', '\\|')}\``;

/** oclif's help writes each line of a description on its own line; markdown needs a blank line between paragraphs. */
function paragraphs(text: string): string {
  return text
    .split('\n')
    .map((line) => prose(line.trim()))
    .filter((line) => line !== '')
    .join('\n\n');
}

const spaced = (id: string): string => id.replaceAll(':', ' ');

/** GitHub's anchor for a heading `acctl <id>`. */
const anchor = (id: string): string => `#acctl-${id.replaceAll(':', '-')}`;

/** `<%= config.bin %>` and `<%= command.id %>` are the only templates our examples use; anything else is a mistake to see. */
function example(text: string, id: string): string {
  const filled = text.replaceAll('<%= config.bin %>', 'acctl').replaceAll('<%= command.id %>', spaced(id));
  if (filled.includes('<%')) throw new Error(`${id}: unknown template in example: ${text}`);
  return filled;
}

function synopsis(command: Command.Cached): string {
  const args = Object.values(command.args).map((arg) => (arg.required ? arg.name.toUpperCase() : `[${arg.name.toUpperCase()}]`));
  const flags = Object.values(command.flags).some((flag) => !flag.hidden) ? ['[FLAGS]'] : [];
  return ['acctl', spaced(command.id), ...args, ...flags].join(' ');
}

function flagName(flag: Command.Flag.Cached): string {
  const long = flag.type === 'boolean' && flag.allowNo ? `--[no-]${flag.name}` : `--${flag.name}`;
  const value = flag.type === 'option' ? ` ${flag.helpValue ?? 'VALUE'}` : '';
  return `${flag.char ? `-${flag.char}, ` : ''}${long}${value}`;
}

/** What the flag's help says, then what its definition adds: required, allowed values, repetition, exclusions. */
function flagText(flag: Command.Flag.Cached, full: boolean): string {
  const facts: string[] = [];
  if (flag.required) facts.push('Required.');
  if (flag.type === 'option' && flag.options) facts.push(`One of: ${flag.options.map(code).join(', ')}.`);
  if (flag.type === 'option' && flag.multiple) facts.push(flag.delimiter ? `Repeatable, or ${flag.delimiter}-separated.` : 'Repeatable.');
  if (flag.exclusive?.length) facts.push(`Not with ${flag.exclusive.map((name) => code(`--${name}`)).join(', ')}.`);
  const help = full ? [flag.summary, flag.description] : [flag.summary ?? flag.description];
  return [...help.filter((part): part is string => Boolean(part)).map(cell), ...facts].join(' ');
}

/** Two flags are the same flag when their name, type, help and environment variable are. */
const flagKey = (flag: Command.Flag.Cached): string =>
  JSON.stringify([flag.name, flag.type, flag.summary, flag.description, flag.env, flag.type === 'option' ? flag.helpValue : undefined]);

/**
 * Flags defined alike on many commands (`--server`, `--profile`, `--json`): their long help is
 * given once, under "Common flags", instead of in every command's table.
 */
function commonFlags(commands: readonly Command.Cached[]): Map<string, Command.Flag.Cached> {
  const seen = new Map<string, { flag: Command.Flag.Cached; count: number }>();
  for (const command of commands) {
    for (const flag of Object.values(command.flags)) {
      const entry = seen.get(flagKey(flag)) ?? { flag, count: 0 };
      entry.count += 1;
      seen.set(flagKey(flag), entry);
    }
  }
  return new Map([...seen].filter(([, { count }]) => count >= commands.length / 3).map(([key, { flag }]) => [key, flag]));
}

function renderCommand(command: Command.Cached, common: Map<string, Command.Flag.Cached>, level: '##' | '###'): string {
  const lines = [`${level} \`acctl ${spaced(command.id)}\``, ''];
  if (command.summary) lines.push(prose(command.summary), '');
  lines.push('```', synopsis(command), '```', '');
  if (command.description) lines.push(paragraphs(command.description), '');

  const args = Object.values(command.args);
  if (args.length > 0) {
    lines.push('| Argument | Required | Default | Description |', '| --- | --- | --- | --- |');
    for (const arg of args) {
      const defaultValue = arg.default === undefined ? '' : code(String(arg.default));
      lines.push(`| ${code(arg.name.toUpperCase())} | ${arg.required ? 'yes' : 'no'} | ${defaultValue} | ${cell(arg.description ?? '')} |`);
    }
    lines.push('');
  }

  const flags = Object.values(command.flags).filter((flag) => !flag.hidden);
  if (flags.length > 0) {
    lines.push('| Flag | Environment | Default | Description |', '| --- | --- | --- | --- |');
    for (const flag of flags) {
      const defaultValue = flag.default === undefined || flag.default === false ? '' : code(String(flag.default));
      const isCommon = common.has(flagKey(flag));
      const more = isCommon && flag.summary && flag.description ? ' ([more](#common-flags))' : '';
      lines.push(`| ${code(flagName(flag))} | ${flag.env ? code(flag.env) : ''} | ${defaultValue} | ${flagText(flag, !isCommon)}${more} |`);
    }
    lines.push('');
  }

  const examples = command.examples ?? [];
  if (examples.length > 0) {
    lines.push('```sh');
    for (const entry of examples) {
      if (typeof entry === 'string') lines.push(example(entry, command.id));
      else lines.push(`# ${entry.description}`, example(entry.command, command.id));
    }
    lines.push('```', '');
  }
  return lines.join('\n');
}

/** docs/cli.md: an index of the commands, the flags many share, then each command under its top-level topic. */
export function renderCliReference(manifest: Interfaces.Manifest, topics: Topics): string {
  const commands = Object.values(manifest.commands)
    .filter((command) => !command.hidden)
    .sort((a, b) => a.id.localeCompare(b.id));
  const common = commonFlags(commands);
  const topicOf = (command: Command.Cached): string => command.id.split(':')[0]!;

  const out = [
    '# CLI reference',
    '',
    '<!-- Generated from the oclif manifest by `npm run docs:cli` (scripts/write-cli-reference.ts): do not edit by hand. test/meta/docs.test.ts fails when it is stale. -->',
    '',
    'Every `acctl` command with its arguments, flags and examples, as `acctl COMMAND --help` shows them.',
    '[Using the CLI](cli-usage.md) explains how commands find a server and credentials, profiles, `--json`',
    'and the exit codes.',
    '',
    '| Command | What it does |',
    '| --- | --- |',
    ...commands.map((command) => `| [${code(`acctl ${spaced(command.id)}`)}](${anchor(command.id)}) | ${cell(command.summary ?? '')} |`),
    '',
    '## Common flags',
    '',
    'These flags mean the same on every command that has them.',
    '',
    '| Flag | Environment | Description |',
    '| --- | --- | --- |',
    ...[...common.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((flag) => `| ${code(flagName(flag))} | ${flag.env ? code(flag.env) : ''} | ${flagText(flag, true)} |`),
    '',
  ];
  for (const topic of [...new Set(commands.map(topicOf))]) {
    const members = commands.filter((command) => topicOf(command) === topic);
    // A command without a topic (`acctl login`) is a section of its own.
    if (members.length === 1 && members[0]!.id === topic) {
      out.push(renderCommand(members[0]!, common, '##'));
      continue;
    }
    out.push(`## ${topic}`, '');
    if (topics[topic]?.description) out.push(`${prose(topics[topic]!.description!)}.`, '');
    const introduced = new Set<string>();
    for (const command of members) {
      // A sub-topic (`server client`) is introduced once, before its first command.
      const subTopic = command.id.split(':').slice(0, -1).join(':');
      if (subTopic !== topic && topics[subTopic]?.description && !introduced.has(subTopic)) {
        introduced.add(subTopic);
        out.push(`\`acctl ${spaced(subTopic)}\`: ${prose(topics[subTopic]!.description!)}.`, '');
      }
      out.push(renderCommand(command, common, '###'));
    }
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
