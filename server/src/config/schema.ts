import type { JsonSchema } from './option-kinds.js';
import { configurationOptionEntries } from './options.js';

interface GroupSchema {
  type: 'object';
  additionalProperties: false;
  properties: Record<string, JsonSchema>;
  dependentRequired?: Record<string, string[]>;
}

/**
 * The JSON Schema (draft 2020-12) of a server's configuration, derived from the option table:
 * makeConfig validates against it once the defaults are filled, so every setting is required. A
 * dotted option (`bootstrap.clientId`) is an optional member of an object (`bootstrap`), and its
 * `givenWith` becomes that object's `dependentRequired`. The properties keep the table's order,
 * which orders the problems an invalid configuration is refused with.
 */
export const configurationSchema: JsonSchema = (() => {
  const properties: Record<string, JsonSchema | GroupSchema> = {};
  for (const [name, option] of configurationOptionEntries) {
    if (option.startOnly) continue;
    const property: JsonSchema = {
      ...option.schema,
      description: option.description,
      ...(option.default !== undefined && typeof option.default !== 'function' ? { default: option.default } : {}),
    };
    const [groupName, member] = name.split('.') as [string, string | undefined];
    if (member === undefined) {
      properties[name] = property;
      continue;
    }
    const group = (properties[groupName] ??= { type: 'object', additionalProperties: false, properties: {} }) as GroupSchema;
    group.properties[member] = property;
    if (option.givenWith) (group.dependentRequired ??= {})[member] = option.givenWith.map((other) => other.slice(groupName.length + 1));
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: 'acctl server configuration',
    description: 'Every setting of a running acctl server, defaults filled in (docs/configuration.md). Derived from server/src/config/options.ts.',
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  };
})();
