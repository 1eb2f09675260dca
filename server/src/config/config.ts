import { Ajv2020 } from 'ajv/dist/2020.js';
import { ConfigError } from './config-error.js';
import type { ConfigurationOption, OptionValue } from './option-kinds.js';
import { configurationOptionEntries, type configurationOptions } from './options.js';
import { configurationSchema } from './schema.js';

type Options = typeof configurationOptions;
/** The options of a running server: all but the start-only ones (dataDir). */
type ServerOptionName = { [K in keyof Options]: Options[K] extends { startOnly: true } ? never : K }[keyof Options];
type GroupName<K> = K extends `${infer Group}.${string}` ? Group : never;
type MemberName<K, Group extends string> = K extends `${Group}.${infer Member}` ? Member : never;
type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The members of a group of options (bootstrap), each given or not. */
type GroupConfig<Group extends string> = Flatten<{ [K in ServerOptionName as MemberName<K, Group>]?: OptionValue<Options[K]> }>;

/** A server's configuration, from the option table (options.ts): each option's value, each group an object of its members. */
export type Config = Flatten<
  { [K in ServerOptionName as K extends `${string}.${string}` ? never : K]: OptionValue<Options[K]> } & {
    [Group in GroupName<ServerOptionName>]: GroupConfig<Group>;
  }
>;
export type BootstrapConfig = GroupConfig<'bootstrap'>;
export type { RateLimitOverrides } from './options.js';

type RequiredName = { [K in keyof Config]: K extends keyof Options ? (Options[K] extends { required: true } ? K : never) : never }[keyof Config];
/** What makeConfig is given: the options without a default, and any others. */
export type ConfigInput = Partial<Config> & Pick<Config, RequiredName>;

const serverOptions = configurationOptionEntries.filter(([, option]) => !option.startOnly);

const validate = new Ajv2020({ allErrors: true }).compile(configurationSchema);

export { ConfigError };

/** Fills the defaults, validates against the configuration's schema (schema.ts), makes the checks it cannot, and freezes. */
export function makeConfig(input: ConfigInput): Readonly<Config> {
  const config = withDefaults(input as unknown as Settings);
  if (!validate(config)) {
    const errors = validate.errors ?? [];
    // An option with words of its own for a wrong value (workers) says them alone, whatever else is wrong.
    for (const [name, option] of serverOptions) {
      if (option.whenInvalid && errors.some((error) => error.instancePath === `/${name.replace('.', '/')}`))
        throw new ConfigError(option.whenInvalid(valueOf(config, name)));
    }
    const problems = errors.map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  for (const [name, option] of serverOptions) {
    const value = valueOf(config, name);
    const problem = value === undefined ? undefined : option.check?.(value);
    if (problem !== undefined) throw new ConfigError(problem);
  }
  return deepFreeze(config as unknown as Config);
}

/** Reads the options that come from the environment; flags given on the command line win. */
export function configFromEnv(env: NodeJS.ProcessEnv): Partial<Config> {
  const config: Settings = {};
  for (const [name, option] of serverOptions) {
    const value = fromEnvironment(option, env);
    const [groupName, member] = name.split('.') as [string, string | undefined];
    if (member !== undefined) {
      const group = (config[groupName] ??= {}) as Settings;
      if (value !== undefined) group[member] = value;
    } else if (value !== undefined) {
      config[name] = value;
    }
  }
  return config as Partial<Config>;
}

type Settings = Record<string, unknown>;

/** The first of the option's variables that is set and not empty, read as the option reads text. */
function fromEnvironment(option: ConfigurationOption, env: NodeJS.ProcessEnv): unknown {
  for (const variable of option.env) {
    const raw = env[variable];
    if (raw !== undefined && raw !== '') return option.fromText!(raw, variable);
  }
  return undefined;
}

/**
 * Each option given (null counts as not given when there is a default), else its default, then
 * normalized. A group is taken as given (its undefined members dropped) so that a member the table
 * does not know is refused by the schema.
 */
function withDefaults(input: Settings): Settings {
  const config: Settings = {};
  for (const [name, option] of serverOptions) {
    const [groupName, member] = name.split('.') as [string, string | undefined];
    const givenIn = member === undefined ? input : ((input[groupName] ?? {}) as Settings);
    const into = member === undefined ? config : ((config[groupName] ??= stripUndefined({ ...(input[groupName] as Settings | undefined) })) as Settings);
    const given = givenIn[member ?? name];
    let value = option.default === undefined ? given : (given ?? defaultOf(option, config));
    if (value !== undefined && option.normalize) value = option.normalize(value);
    if (value !== undefined) into[member ?? name] = value;
  }
  return config;
}

function defaultOf(option: ConfigurationOption, config: Settings): unknown {
  if (typeof option.default === 'function') return option.default(config as { host: string; port: number });
  // A copy: the configuration is frozen, the table's default is not its to freeze.
  return structuredClone(option.default);
}

function valueOf(config: Settings, name: string): unknown {
  const [groupName, member] = name.split('.') as [string, string | undefined];
  return member === undefined ? config[name] : (config[groupName] as Settings | undefined)?.[member];
}

function stripUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

function deepFreeze<T>(value: T): Readonly<T> {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
