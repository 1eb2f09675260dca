import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * For a local server on the embedded database only: the key-encryption key is generated on first
 * start and kept in `<dataDir>/secrets.json` (mode 0600) so a second start can read its keys.
 * Production (DATABASE_URL) must pass ACCTL_KEY_ENCRYPTION_KEY instead.
 */
export async function loadOrCreateLocalKeyEncryptionKey(dataDir: string): Promise<string> {
  const root = path.resolve(dataDir);
  await mkdir(root, { recursive: true, mode: 0o755 });
  const file = path.join(root, 'secrets.json');
  if (existsSync(file)) {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { keyEncryptionKey: string };
    return stored.keyEncryptionKey;
  }
  const keyEncryptionKey = randomBytes(32).toString('base64');
  await writeFile(file, JSON.stringify({ keyEncryptionKey }, null, 2), { mode: 0o600 });
  await chmod(file, 0o600);
  return keyEncryptionKey;
}
