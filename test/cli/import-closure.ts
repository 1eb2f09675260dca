import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The modules a file loads when it is imported: its static imports, followed through the repository's
 * own files (type-only imports are erased and do not count; dynamic `import()` is not followed, as
 * it runs only when reached). Bare specifiers are packages.
 */
export function staticImportClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) {
      const specifier = match[1]!;
      if (specifier.startsWith('.')) visit(sourceFile(path.resolve(path.dirname(file), specifier)));
      else packages.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
    }
  };
  visit(entry);
  return { files, packages };
}

/** `x.js` as imported is `x.ts` or `x.tsx` on disk. */
function sourceFile(imported: string): string {
  const base = imported.replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(candidate)) ?? `${base}.ts`;
}
