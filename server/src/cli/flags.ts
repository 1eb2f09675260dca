import { Flags, type Interfaces } from '@oclif/core';
import {
  configurationOptionEntries,
  configurationOptions,
  optionFlagName,
  readsWholeNumber,
  type ConfigurationOption,
  type OptionValue,
} from '../config/options.js';

type Options = typeof configurationOptions;
type OptionWithFlag = { [K in keyof Options]: Options[K] extends { flag: object } ? K : never }[keyof Options];
/** The options `acctl server start` was given as flags. */
export type ServerStartSettings = { [K in OptionWithFlag]?: OptionValue<Options[K]> };

const optionsWithFlags = configurationOptionEntries.filter(([, option]) => option.flag !== undefined);

/**
 * The flags of `acctl server start`, derived from the option table (server/src/config/options.ts):
 * one per option that declares one, with its description, first environment variable and default.
 * An option whose text is a whole number has an integer flag in its schema's range; any other flag
 * is text, read as the option reads its environment variable (serverStartSettings).
 */
export const serverStartFlags = Object.fromEntries(optionsWithFlags.map(([name, option]) => [optionFlagName(name), optionFlag(option)]));

/** A flag's value: text, or a number for an integer flag. */
type OptionFlag = Interfaces.OptionFlag<string | number | undefined>;

function optionFlag(option: ConfigurationOption): OptionFlag {
  const help = {
    summary: option.description,
    ...(option.env[0] ? { env: option.env[0] } : {}),
    ...(option.flag?.helpValue ? { helpValue: option.flag.helpValue } : {}),
    ...(option.default !== undefined && typeof option.default !== 'function' ? { defaultHelp: async () => String(option.default) } : {}),
  };
  if (!readsWholeNumber(option)) return Flags.string(help) as OptionFlag;
  return Flags.integer({ ...help, min: option.schema.minimum as number | undefined, max: option.schema.maximum as number | undefined }) as OptionFlag;
}

/** The defaults `acctl server start` falls back on and names in its messages. */
export const serverStartDefaults = {
  dataDir: configurationOptions.dataDir.default,
  host: configurationOptions.host.default,
  port: configurationOptions.port.default,
};

/** The option values of the flags given to `acctl server start`: text read as its option reads it (`--workers auto`). */
export function serverStartSettings(flags: Record<string, unknown>): ServerStartSettings {
  const settings: Record<string, unknown> = {};
  for (const [name, option] of optionsWithFlags) {
    const flag = optionFlagName(name);
    const given = flags[flag];
    if (given !== undefined) settings[name] = typeof given === 'string' ? option.fromText!(given, `--${flag}`) : given;
  }
  return settings as ServerStartSettings;
}

/**
 * Where the admin commands find the server's database: a URL, or the embedded PostgreSQL a server
 * made in a data folder, by default .acctl when it holds one (server/src/cli/database.ts). No
 * default value here: a folder without a database is refused, never initialised.
 */
export const databaseFlags = {
  'database-url': Flags.string({
    env: configurationOptions.databaseUrl.env[0],
    helpValue: configurationOptions.databaseUrl.flag.helpValue,
    summary: 'PostgreSQL URL of the server database; without it, the embedded PostgreSQL of --data-dir is used.',
  }),
  'data-dir': Flags.string({
    env: configurationOptions.dataDir.env[0],
    helpValue: configurationOptions.dataDir.flag.helpValue,
    summary: `Data folder of a server's embedded PostgreSQL (default: ${configurationOptions.dataDir.default} when it holds one); ignored with a database URL.`,
  }),
};
