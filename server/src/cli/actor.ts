import os from 'node:os';

/** Who made a change from the CLI, for `created_by` columns: `cli:<operating-system user>`. */
export function cliActor(): string {
  try {
    return `cli:${os.userInfo().username}`;
  } catch {
    // No passwd entry for the uid (some containers).
    return `cli:uid-${process.getuid?.() ?? 'unknown'}`;
  }
}
