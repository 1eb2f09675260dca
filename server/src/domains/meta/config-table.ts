import { optionFlagName, type ConfigurationOption } from '../../config/option-kinds.js';

/**
 * docs/configuration.md's table, from the option table (server/src/config/options.ts).
 * `npm run docs:config` writes it; test/meta/readme-tables.test.ts fails when the document's copy is stale.
 */
export function renderConfigTable(options: ReadonlyArray<readonly [string, ConfigurationOption]>): string {
  const rows = options.map(([name, option]) => {
    const env = option.env.length > 0 ? option.env.map((variable) => `\`${variable}\``).join(', ') : '(not from the environment)';
    const flag = option.flag ? `\`--${optionFlagName(name)}\`` : '';
    return `| \`${name}\` | ${env} | ${flag} | ${defaultInWords(option)} | ${escapeCell(option.description)} |`;
  });
  return ['| Option | Environment | Flag | Default | Description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function defaultInWords(option: ConfigurationOption): string {
  if (option.defaultText !== undefined) return option.defaultText;
  return option.default === undefined || typeof option.default === 'function' ? '' : `\`${String(option.default)}\``;
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
