import { AcctlCommand, style, renderTable } from '../../../../kit/src/index.js';
import { profilesOverview, type ProfileOverview, type ProfilesOverview } from '../../credentials/profile-overview.js';

export default class ConfigListCommand extends AcctlCommand {
  static override summary = 'List profiles: their server, whether they are signed in, which is current';
  static override description =
    'Profiles come from config.json (acctl config set) and credentials.json (acctl login), both in $XDG_CONFIG_HOME/acctl/ (mode 0600). The current profile (*) serves commands run without --profile or ACCTL_PROFILE.';
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq -r .current_profile'];

  public async run(): Promise<ProfilesOverview> {
    await this.parse(ConfigListCommand);
    const overview = await profilesOverview();
    this.log(
      renderTable(
        [
          { header: 'CURRENT', value: (profile: ProfileOverview) => (profile.current ? '*' : '') },
          { header: 'PROFILE', value: (profile) => profile.name },
          { header: 'SERVER', value: (profile) => (profile.server ? `${profile.server}${profile.server_source === 'login' ? ' (from login)' : ''}` : '-') },
          { header: 'SIGNED IN', value: (profile) => (profile.signed_in ? `as ${profile.username ?? profile.subject ?? '?'}` : 'no') },
        ],
        overview.profiles,
      ),
    );
    this.say(style.dim(`${overview.config_file}; credentials in ${overview.credentials_file}`));
    return overview;
  }
}
