/**
 * The functions a V8 CPU profile (node --cpu-prof) spent most time in, by self time and by total
 * (inclusive) time, with their share of the samples.
 *
 *   npx tsx bench/profile-summary.ts bench/results/profiles/<file>.cpuprofile [--top=20]
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

export interface ProfileEntry {
  function: string;
  location: string;
  self_percent: number;
  total_percent: number;
}

export interface ProfileSummary {
  file: string;
  duration_s: number;
  samples: number;
  /** Share of samples where the process was idle (waiting for I/O). */
  idle_percent: number;
  top_self: ProfileEntry[];
  top_total: ProfileEntry[];
  /** Self time by where the code lives: a package, a source folder, Node's internals, native code. */
  by_module: Array<{ module: string; self_percent: number }>;
}

export async function summariseProfile(file: string, top = 20, root = process.cwd()): Promise<ProfileSummary> {
  const profile = JSON.parse(await readFile(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totalHits = profile.nodes.reduce((sum, node) => sum + (node.hitCount ?? 0), 0) || 1;

  const key = (node: ProfileNode): string => `${node.callFrame.functionName || '(anonymous)'}\u0000${location(node, root)}`;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0) continue;
    self.set(key(node), (self.get(key(node)) ?? 0) + hits);
    // Inclusive time: each function on the stack once, however often it recurses.
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      if (!frame) break;
      const frameKey = key(frame);
      if (seen.has(frameKey)) continue;
      seen.add(frameKey);
      total.set(frameKey, (total.get(frameKey) ?? 0) + hits);
    }
  }
  const entries = [...self.keys(), ...total.keys()].filter((value, index, all) => all.indexOf(value) === index);
  const entry = (name: string): ProfileEntry => {
    const [fn = '', where = ''] = name.split('\u0000');
    return { function: fn, location: where, self_percent: percent(self.get(name) ?? 0, totalHits), total_percent: percent(total.get(name) ?? 0, totalHits) };
  };
  const modules = new Map<string, number>();
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits > 0 && node.callFrame.functionName !== '(idle)') modules.set(moduleOf(node, root), (modules.get(moduleOf(node, root)) ?? 0) + hits);
  }
  const isBookkeeping = (name: string): boolean => /^\((root|program|garbage collector|idle)\)/.test(name);
  const idle = [...self.entries()].filter(([name]) => name.startsWith('(idle)')).reduce((sum, [, hits]) => sum + hits, 0);
  return {
    file: path.relative(root, file),
    duration_s: Number(((profile.endTime - profile.startTime) / 1e6).toFixed(2)),
    samples: totalHits,
    idle_percent: percent(idle, totalHits),
    top_self: [...self.entries()]
      .filter(([name]) => !name.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name]) => entry(name)),
    top_total: entries
      .filter((name) => !isBookkeeping(name))
      .sort((a, b) => (total.get(b) ?? 0) - (total.get(a) ?? 0))
      .slice(0, top)
      .map((name) => entry(name)),
    by_module: [...modules.entries()].sort((a, b) => b[1] - a[1]).map(([module, hits]) => ({ module, self_percent: percent(hits, totalHits) })),
  };
}

/** node_modules/<package>, server/src/<folder>/<folder>, node:internal, or a bracketed kind for code without a file. */
function moduleOf(node: ProfileNode, root: string): string {
  const { url, functionName } = node.callFrame;
  if (!url) return /^\(.*\)$/.test(functionName) ? functionName : '(native: syscalls, crypto, buffers)';
  if (url.startsWith('node:')) return 'node: internals';
  const file = url.startsWith('file://') ? path.relative(root, new URL(url).pathname) : url;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  if (inPackage) return `node_modules/${inPackage[1]}`;
  return file.split('/').slice(0, 4).join('/');
}

function location(node: ProfileNode, root: string): string {
  const { url, lineNumber } = node.callFrame;
  if (!url) return '';
  const file = url.startsWith('file://') ? path.relative(root, new URL(url).pathname) : url;
  return `${file}:${lineNumber + 1}`;
}

function percent(part: number, whole: number): number {
  return Number(((part / whole) * 100).toFixed(1));
}

export function profileTable(entries: ProfileEntry[]): string {
  const lines = ['| Function | Location | Self % | Total % |', '|---|---|---:|---:|'];
  for (const entry of entries)
    lines.push(`| \`${entry.function}\` | ${entry.location.replace(/\|/g, '\\|')} | ${entry.self_percent} | ${entry.total_percent} |`);
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: tsx bench/profile-summary.ts <file.cpuprofile> [--top=20]');
  const top = Number(process.argv.find((arg) => arg.startsWith('--top='))?.split('=')[1] ?? 20);
  const summary = await summariseProfile(file, top);
  console.log(`${summary.file}: ${summary.duration_s} s, ${summary.samples} samples, idle ${summary.idle_percent}%\n`);
  console.log('By self time:\n');
  console.log(profileTable(summary.top_self));
  console.log('\nBy module (self time):\n');
  console.log(
    ['| Module | Self % |', '|---|---:|', ...summary.by_module.slice(0, top).map((entry) => `| ${entry.module} | ${entry.self_percent} |`)].join('\n'),
  );
  console.log('\nBy total time:\n');
  console.log(profileTable(summary.top_total));
}
