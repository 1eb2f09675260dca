import type { ConfigurationOption } from '../../config/options.js';

/**
 * README.md's configuration table, from the one list of options in config/options.ts.
 * `npm run docs:config` writes it; test/meta/readme-tables.test.ts fails when README.md's copy is stale.
 */
export function renderConfigTable(options: readonly ConfigurationOption[]): string {
  const rows = options.map((option) => {
    const env = option.envVars.length > 0 ? option.envVars.map((name) => `\`${name}\``).join(', ') : '(not from the environment)';
    const flag = option.cliFlag ? `\`${option.cliFlag}\`` : '';
    const fallback = option.defaultValue !== undefined ? `\`${String(option.defaultValue)}\`` : (option.defaultText ?? '');
    return `| \`${option.name}\` | ${env} | ${flag} | ${fallback} | ${escapeCell(option.description)} |`;
  });
  return ['| Option | Environment | Flag | Default | Description |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function escapeCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}
