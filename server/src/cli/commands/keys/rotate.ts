import { cliActor } from '../../actor.js';
import { AcctlCommand, keyValueLines, style } from '../../../../../kit/src/index.js';
import { databaseFlags } from '../../flags.js';

export interface SigningKeysRotated {
  /** kid of the new signing key. */
  signing_kid: string;
  /** kids of the keys it replaces; they stay in the JWKS until the tokens they signed expire. */
  retired_kids: string[];
}

export default class KeysRotate extends AcctlCommand {
  static override summary = 'Replace the token signing key';
  static override description = [
    'Creates a new RS256 signing key and retires the current one. The retired key stays published in the JWKS until the tokens it signed have expired, so no token is refused; every server replica picks the new key up within a minute.',
    'Needs the key-encryption key the servers use: ACCTL_KEY_ENCRYPTION_KEY, or for the embedded database the <data-dir>/secrets.json the server created. A key that does not open the current signing key is refused.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    {
      description: 'Against a shared database',
      command: 'DATABASE_URL=postgres://... ACCTL_KEY_ENCRYPTION_KEY=... <%= config.bin %> <%= command.id %> --json',
    },
  ];

  static override flags = { ...databaseFlags };

  public async run(): Promise<SigningKeysRotated> {
    const { flags } = await this.parse(KeysRotate);
    // Imported here, not at the top: oclif imports every command file to list them (bin/dev.js, the tests).
    const { rotateSigningKeys, systemContext } = await import('../../../admin/index.js');
    const { withServerDatabase } = await import('../../database.js');
    const result = await withServerDatabase({ databaseUrl: flags['database-url'], dataDir: flags['data-dir'] }, this.say, async (database) =>
      rotateSigningKeys(database, systemContext(cliActor(), 'cli'), await database.keyEncryptionKey()),
    );
    this.log(`${style.green('Rotated')} the signing key`);
    this.log(
      keyValueLines([
        ['new kid', result.created],
        ['retired', result.retired.join(', ') || style.dim('none')],
      ]).join('\n'),
    );
    return { signing_kid: result.created, retired_kids: result.retired };
  }
}
