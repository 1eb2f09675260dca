import { Flags } from '@oclif/core';

/** The server when neither --server, ACCTL_SERVER, a repository's acctl.yaml, the profile's `server` setting nor a sign-in names one. */
export const defaultServer = 'http://127.0.0.1:8080';

export const serverFlag = {
  server: Flags.string({
    summary: 'URL of the acctl server (/v1 is appended).',
    description: `Precedence: --server, then ACCTL_SERVER, then the \`server\` of the acctl.yaml of the policy repository the command works in (found from the folder or file it reads, else the working directory, upward), then the profile's server (acctl config set server URL), then the server the profile signed in to (acctl login), then ${defaultServer}. Credentials come from ACCTL_TOKEN (an API token or access token), or ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET (client_credentials); without them, from the profile acctl login stored.`,
    env: 'ACCTL_SERVER',
    helpValue: 'URL',
  }),
};

export const profileFlag = {
  profile: Flags.string({
    summary: 'Profile to use (settings and stored credentials).',
    description: 'Precedence: --profile, then ACCTL_PROFILE, then the current profile (acctl config use NAME), then "default".',
    env: 'ACCTL_PROFILE',
    helpValue: 'NAME',
  }),
};
