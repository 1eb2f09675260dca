import { defaults } from '../../../../../server/src/config/defaults.js';
import { cliActor } from '../../../actor.js';
import { BaseCommand } from '../../../base-command.js';
import { CommandError } from '../../../errors.js';
import { databaseFlags } from '../../../server-flags.js';
import { keyValueLines, style } from '../../../ux/style.js';

export interface SigningKeysRotated {
  /** kid of the new signing key. */
  signing_kid: string;
  /** kids of the keys it replaces; they stay in the JWKS until the tokens they signed expire. */
  retired_kids: string[];
}

export default class KeysRotate extends BaseCommand {
  static override summary = 'Replace the token signing key';
  static override description = [
    'Creates a new RS256 signing key and retires the current one. The retired key stays published in the JWKS until the tokens it signed have expired, so no token is refused; every server replica picks the new key up within a minute.',
    'Needs the key-encryption key the servers use: ACCTL_KEY_ENCRYPTION_KEY, or for the embedded database the <data-dir>/secrets.json the server created. A key that does not open the current signing key is refused.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    { description: 'Against a shared database', command: 'DATABASE_URL=postgres://... ACCTL_KEY_ENCRYPTION_KEY=... <%= config.bin %> <%= command.id %> --json' },
  ];

  static override flags = { ...databaseFlags };

  public async run(): Promise<SigningKeysRotated> {
    const { flags } = await this.parse(KeysRotate);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { systemContext } = await import('../../../../../server/src/events/context.js');
    const { changeEvent } = await import('../../../../../server/src/events/event.js');
    const { recordEvents } = await import('../../../../../server/src/events/record.js');
    const { SigningKeyStore } = await import('../../../../../server/src/keys/signing-key-store.js');
    const { withServerDatabase } = await import('../../../server-database.js');
    const result = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, async (database) => {
      const store = new SigningKeyStore(database.db, {
        keyEncryptionKey: await database.keyEncryptionKey(),
        retentionSeconds: defaults.keyRetentionSeconds,
        refreshSeconds: defaults.keyRefreshSeconds,
      });
      // Loading first proves the key-encryption key opens the current key: a new key sealed with a
      // wrong one would be a key no server can use.
      await store.refresh().catch((error: unknown) => {
        // Database errors carry a code; a failed decryption is a plain Error.
        if (typeof (error as { code?: unknown }).code === 'string') throw error;
        throw new CommandError('config_error', `The key-encryption key does not open the current signing key: ${(error as Error).message}`, { cause: error });
      });
      const context = systemContext(cliActor(), 'cli');
      // Key ids only: the keys themselves never go into events.
      return store.rotate((trx, rotation) =>
        recordEvents(trx, [changeEvent(context, 'signing_key.rotated', { type: 'signing_key', id: rotation.created }, { before: { signing_kids: rotation.retired }, after: { signing_kids: [rotation.created] } }, { retired_kids: rotation.retired })]).then(() => undefined),
      );
    });
    this.log(`${style.green('Rotated')} the signing key`);
    this.log(keyValueLines([['new kid', result.created], ['retired', result.retired.join(', ') || style.dim('none')]]).join('\n'));
    return { signing_kid: result.created, retired_kids: result.retired };
  }
}
