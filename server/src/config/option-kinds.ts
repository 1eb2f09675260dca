import { ConfigError } from './config-error.js';

/** A JSON Schema (draft 2020-12) of one value, as the option table writes it. */
export type JsonSchema = { readonly [keyword: string]: unknown };

declare const valueType: unique symbol;

/**
 * One server option as the option table (options.ts) declares it. Everything else is derived from
 * these fields: makeConfig and configFromEnv (config.ts), the configuration's JSON Schema (schema.ts),
 * the flags of `acctl server start` (cli/src/server-flags.ts) and docs/configuration.md's table.
 */
export interface ConfigurationOption<T = unknown> {
  /** Environment variables that set it, the first one set (not empty) winning; empty when it is set in code only. */
  readonly env: readonly string[];
  /** Present when `acctl server start` has a flag for it, named after the option (dataDir: --data-dir); the flag wins over the environment. */
  readonly flag?: { readonly helpValue?: string };
  /** JSON Schema of its value, its kind's type included: makeConfig checks it. */
  readonly schema: JsonSchema;
  /** Its value from the text of an environment variable or a flag (`source` names which, for the error); absent when it is never text. */
  fromText?(raw: string, source: string): T;
  /** The value when none is given; a function when it follows from the host and port. */
  readonly default?: T | ((config: { host: string; port: number }) => T);
  /** The default in words, for the documentation, when it is not one value. */
  readonly defaultText?: string;
  /** makeConfig cannot do without it: there is no default. */
  readonly required?: true;
  /** Read by `acctl server start` to find its database; not a setting of the running server (not in Config). */
  readonly startOnly?: true;
  /** Options of the same group that must be given with this one (`bootstrap.clientSecret` with `bootstrap.clientId`). */
  readonly givenWith?: readonly string[];
  /** The message when the value fails its schema, in the operator's words instead of the schema's. */
  whenInvalid?(value: unknown): string;
  /** A check the schema cannot express, made once the whole configuration matches it: a message when it fails. */
  check?(value: T): string | undefined;
  /** The one form of a value, given or default, that the server uses. */
  normalize?(value: T): T;
  readonly description: string;
  /** Only a type: the type of its value, for the types derived from the table. */
  readonly [valueType]?: T;
}

/** The type of an option's value. */
export type OptionValue<O> = O extends { readonly [valueType]?: infer T } ? T : never;

/** What an entry of the table writes; its kind (the functions below) adds the schema's type and the text parser. */
type OptionSpec<T> = Omit<ConfigurationOption<T>, 'env' | 'schema' | typeof valueType> & { readonly env?: readonly string[]; readonly schema?: JsonSchema };

type Kind<T> = { readonly env: readonly string[]; readonly schema: JsonSchema; readonly [valueType]?: T };

/** `dataDir` is `--data-dir`: the flag of an option is its name in kebab case. */
export function optionFlagName(optionName: string): string {
  return optionName.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** Text as given. */
export function text<const S extends OptionSpec<string>>(spec: S): S & Kind<string> {
  return { ...spec, env: spec.env ?? [], schema: { type: 'string', ...spec.schema }, fromText: spec.fromText ?? ((raw: string) => raw) };
}

/** A whole number; other text is refused at once, naming its variable. */
export function integer<const S extends OptionSpec<number>>(spec: S): S & Kind<number> {
  return { ...spec, env: spec.env ?? [], schema: { type: 'integer', ...spec.schema }, fromText: spec.fromText ?? readWholeNumber };
}

/** A number with a fraction, set in code only. */
export function decimal<const S extends Omit<OptionSpec<number>, 'env' | 'flag' | 'fromText'>>(spec: S): S & Kind<number> {
  return { ...spec, env: [], schema: { type: 'number', ...spec.schema } };
}

/** `true` is true; any other text is false. */
export function boolean<const S extends OptionSpec<boolean>>(spec: S): S & Kind<boolean> {
  return { ...spec, env: spec.env ?? [], schema: { type: 'boolean', ...spec.schema }, fromText: spec.fromText ?? ((raw: string) => raw === 'true') };
}

/** One of a few words; other text is refused with the rest of the configuration. */
export function oneOf<const V extends readonly string[], const S extends OptionSpec<V[number]>>(values: V, spec: S): S & Kind<V[number]> {
  return { ...spec, env: spec.env ?? [], schema: { enum: values, ...spec.schema }, fromText: spec.fromText ?? ((raw: string) => raw as V[number]) };
}

/**
 * A JSON value whose whole schema the entry gives; its shape, and text that is not JSON, are refused
 * with the rest of the configuration. The value's type comes first: `json<RateLimitOverrides>()({ ... })`.
 */
export function json<T>() {
  return <const S extends OptionSpec<T> & { readonly schema: JsonSchema }>(spec: S): S & Kind<T> => ({
    ...spec,
    env: spec.env ?? [],
    fromText: spec.fromText ?? ((raw: string) => parseJsonText(raw) as T),
  });
}

/** Whether the option's text is a whole number and nothing else (a flag of it is an integer flag). */
export function readsWholeNumber(option: ConfigurationOption): boolean {
  return option.fromText === readWholeNumber;
}

function readWholeNumber(raw: string, source: string): number {
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${source} must be a whole number, got "${raw}"`);
  return Number(raw);
}

/** JSON text's value; text that is not JSON stays text, for the option's schema to refuse. */
export function parseJsonText(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
