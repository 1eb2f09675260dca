import { render } from 'ink';
import { AuditBrowser } from './audit-browser.js';
import type { AuditEventSource } from './event-source.js';

/** Lines the browser's header and footer take. */
const chromeRows = 4;

/** Runs the browser on the terminal until the person quits. */
export async function browseAuditLog(source: AuditEventSource): Promise<void> {
  const rows = Math.max(5, (process.stdout.rows || 24) - chromeRows);
  const app = render(<AuditBrowser source={source} rows={rows} />, { exitOnCtrlC: false });
  await app.waitUntilExit();
}
