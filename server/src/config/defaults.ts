import type { OptionValue } from './option-kinds.js';
import { configurationOptions } from './options.js';

type Options = typeof configurationOptions;
type NameWithDefault = {
  [K in keyof Options]: Options[K] extends { default: infer D } ? (D extends (...args: never[]) => unknown ? never : K) : never;
}[keyof Options];

/** The default of every option that has one value for a default, from the option table (options.ts). */
export const defaults = Object.fromEntries(
  Object.entries(configurationOptions).flatMap(([name, option]) =>
    'default' in option && typeof option.default !== 'function' ? [[name, option.default]] : [],
  ),
) as { readonly [K in NameWithDefault]: OptionValue<Options[K]> };
