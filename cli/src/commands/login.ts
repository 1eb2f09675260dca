import { Flags } from '@oclif/core';
import { apiBaseUrl } from '../api/client.js';
import { AcctlCommand } from '../../../kit/src/index.js';
import { resolveProfile } from '../credentials/profile-config.js';
import { credentialsFilePath, readProfile, updateProfile, withCredentialsLock } from '../credentials/store.js';
import { defaultServer, profileFlag, serverFlag } from '../flags/connection.js';
import { cliUserAgent } from '../api/user-agent.js';
import { authorizationServerIssuer } from '../login/issuer.js';
import { listenForCallback } from '../login/loopback-callback.js';
import { defaultLoginScopes, loginScopes } from '../login/login-scopes.js';
import { cliClientId, profileFromTokens, redeemAuthorizationCode, revokeRefreshToken } from '../login/oauth-requests.js';
import { createPkcePair, createState } from '../login/pkce.js';
import { principalName } from '../login/principal-name.js';
import type { CliLoginOutput } from '../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type LoginResult = Omit<CliLoginOutput, 'format_version'>;

export default class LoginCommand extends AcctlCommand {
  static override summary = 'Sign in to a server in the browser and store the tokens for later commands';
  static override description =
    'The OAuth authorization-code flow with PKCE (RFC 7636) and a loopback redirect (RFC 8252): acctl listens on 127.0.0.1, opens the sign-in page in your browser (the URL is printed too), and stores the tokens in $XDG_CONFIG_HOME/acctl/credentials.json (mode 0600) under --profile. It asks for the scopes the commands of the CLI need (every scope but admin:all), or those of --scopes; a user who is not an administrator is granted only the reading and evaluating ones. Environment credentials (ACCTL_TOKEN, ACCTL_CLIENT_ID/SECRET) still win over a stored profile.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --server https://acctl.example.com',
    '<%= config.bin %> <%= command.id %> --no-browser --profile staging --server https://staging.example.com',
    {
      description: 'Also manage webhooks and API tokens (admin users only)',
      command: '<%= config.bin %> <%= command.id %> --scopes "read:policies write:policies admin:all"',
    },
  ];
  static override flags = {
    ...serverFlag,
    ...profileFlag,
    browser: Flags.boolean({ summary: 'Open the sign-in page in a browser (--no-browser only prints the URL).', default: true, allowNo: true }),
    scopes: Flags.string({
      summary: `The scopes to ask for, space- or comma-separated (default: ${defaultLoginScopes.join(' ')}; admin:all only when named).`,
      helpValue: 'SCOPES',
    }),
    timeout: Flags.integer({ summary: 'Seconds to wait for the browser to come back.', default: 300, min: 1, helpValue: 'SECONDS' }),
  };

  public async run(): Promise<LoginResult> {
    const { flags } = await this.parse(LoginCommand);
    const scopes = loginScopes(flags.scopes);
    const { name, settings } = await resolveProfile(flags.profile);
    const server = apiBaseUrl(flags.server ?? settings.server ?? defaultServer).replace(/\/v1$/, '');
    const { verifier, challenge } = createPkcePair();
    const state = createState();
    const userAgent = cliUserAgent(this.config.version);
    const issuer = await authorizationServerIssuer(server, userAgent);
    const callback = await listenForCallback({ state, timeoutSeconds: flags.timeout, issuer });
    try {
      const authorize = new URL(`${apiBaseUrl(server)}/oauth/authorize`);
      // Least privilege: what the CLI's commands need, or --scopes; the consent page withholds what the user may not grant.
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: cliClientId,
        redirect_uri: callback.redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        scope: scopes.join(' '),
      })) {
        authorize.searchParams.set(name, value);
      }
      // Always printed (a browser may not open); with --json on stderr, so stdout stays one document.
      const prompt = `Open this URL in a browser to sign in:\n\n  ${authorize.toString()}\n`;
      if (this.jsonEnabled()) process.stderr.write(`${prompt}\n`);
      else this.log(prompt);
      if (flags.browser) await this.openBrowser(authorize.toString());
      this.say(`Waiting for the browser (up to ${flags.timeout} s)...`);
      const code = await callback.code;
      const tokens = await redeemAuthorizationCode(server, { code, redirectUri: callback.redirectUri, codeVerifier: verifier }, userAgent);
      const fromTokens = profileFromTokens(server, tokens);
      const username = await principalName(server, fromTokens.access_token, fromTokens.subject, userAgent);
      const profile = username === undefined ? fromTokens : { ...fromTokens, username };
      const file = credentialsFilePath();
      const replaced = await withCredentialsLock(file, async () => {
        const previous = await readProfile(file, name);
        await updateProfile(file, name, profile);
        return previous;
      });
      // Signing in again replaces the profile: the sign-in it replaces is revoked, not left valid.
      if (replaced?.refresh_token)
        await revokeRefreshToken(replaced.server, replaced.refresh_token, userAgent).catch(() =>
          this.warn(`Could not revoke the replaced sign-in at ${replaced.server}`),
        );
      this.say(`Signed in to ${server} as ${username ?? profile.subject} (profile "${name}", ${file}).`);
      return {
        profile: name,
        server,
        subject: profile.subject,
        username: username ?? null,
        scope: profile.scope,
        expires_at: profile.expires_at,
        credentials_file: file,
      };
    } finally {
      await callback.close();
    }
  }

  /**
   * Opens the sign-in page with `open` (xdg-open, open or start, as the platform has), imported
   * only here. Not fatal: a headless machine or a missing opener leaves the printed URL to use.
   */
  private async openBrowser(url: string): Promise<void> {
    try {
      const { default: open } = await import('open');
      const child = await open(url);
      child.on('error', () => this.say('Could not open a browser: open the URL above.'));
    } catch {
      this.say('Could not open a browser: open the URL above.');
    }
  }
}
