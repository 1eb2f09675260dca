import { spawn } from 'node:child_process';

/**
 * Asks the desktop to open the URL (xdg-open, open, or start), quietly: a missing opener or a
 * headless machine is not an error, because the URL is always printed too.
 */
export function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command as string, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // The printed URL is the fallback.
  }
}
