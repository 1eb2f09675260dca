/**
 * Invalid or missing configuration. Apart from config.ts so that the CLI can recognise it without
 * loading Ajv and compiling the configuration schema at every start (kit/src/errors.ts).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
