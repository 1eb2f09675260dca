import { Flags } from '@oclif/core';
import { apiBaseUrl } from '../api/client.js';
import { AcctlCommand } from '../base/acctl-command.js';
import { resolveProfile } from '../credentials/profile-config.js';
import { credentialsFilePath, readProfile, updateProfile, withCredentialsLock } from '../credentials/store.js';
import { defaultServer, profileFlag, serverFlag } from '../flags/connection.js';
import { authorizationServerIssuer } from '../login/issuer.js';
import { listenForCallback } from '../login/loopback-callback.js';
import { cliClientId, profileFromTokens, redeemAuthorizationCode, revokeRefreshToken } from '../login/oauth-requests.js';
import { createPkcePair, createState } from '../login/pkce.js';

export interface LoginResult {
  profile: string;
  server: string;
  subject: string;
  scope: string;
  expires_at: string;
  credentials_file: string;
}

export default class LoginCommand extends AcctlCommand {
  static override summary = 'Sign in to a server in the browser and store the tokens for later commands';
  static override description =
    'The OAuth authorization-code flow with PKCE (RFC 7636) and a loopback redirect (RFC 8252): acctl listens on 127.0.0.1, opens the sign-in page in your browser (the URL is printed too), and stores the tokens in $XDG_CONFIG_HOME/acctl/credentials.json (mode 0600) under --profile. Environment credentials (ACCTL_TOKEN, ACCTL_CLIENT_ID/SECRET) still win over a stored profile.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --server https://acctl.example.com',
    '<%= config.bin %> <%= command.id %> --no-browser --profile staging --server https://staging.example.com',
  ];
  static override flags = {
    ...serverFlag,
    ...profileFlag,
    browser: Flags.boolean({ summary: 'Open the sign-in page in a browser (--no-browser only prints the URL).', default: true, allowNo: true }),
    timeout: Flags.integer({ summary: 'Seconds to wait for the browser to come back.', default: 300, min: 1, helpValue: 'SECONDS' }),
  };

  public async run(): Promise<LoginResult> {
    const { flags } = await this.parse(LoginCommand);
    const { name, settings } = await resolveProfile(flags.profile);
    const server = apiBaseUrl(flags.server ?? settings.server ?? defaultServer).replace(/\/v1$/, '');
    const { verifier, challenge } = createPkcePair();
    const state = createState();
    const issuer = await authorizationServerIssuer(server);
    const callback = await listenForCallback({ state, timeoutSeconds: flags.timeout, issuer });
    try {
      const authorize = new URL(`${apiBaseUrl(server)}/oauth/authorize`);
      // No scope: the server grants what the client may have for this user (RFC 6749 section 3.3).
      for (const [name, value] of Object.entries({
        response_type: 'code',
        client_id: cliClientId,
        redirect_uri: callback.redirectUri,
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
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
      const tokens = await redeemAuthorizationCode(server, { code, redirectUri: callback.redirectUri, codeVerifier: verifier });
      const profile = profileFromTokens(server, tokens);
      const file = credentialsFilePath();
      const replaced = await withCredentialsLock(file, async () => {
        const previous = await readProfile(file, name);
        await updateProfile(file, name, profile);
        return previous;
      });
      // Signing in again replaces the profile: the sign-in it replaces is revoked, not left valid.
      if (replaced?.refresh_token)
        await revokeRefreshToken(replaced.server, replaced.refresh_token).catch(() => this.warn(`Could not revoke the replaced sign-in at ${replaced.server}`));
      this.say(`Signed in to ${server} as ${profile.subject} (profile "${name}", ${file}).`);
      return { profile: name, server, subject: profile.subject, scope: profile.scope, expires_at: profile.expires_at, credentials_file: file };
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
