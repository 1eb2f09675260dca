import { Flags } from '@oclif/core';

/** acctl.yaml's `environments`: plan and apply take the server of the one named. */
export const environmentFlag = {
  environment: Flags.string({
    char: 'e',
    summary: 'An environment of acctl.yaml: its server is used when --server / ACCTL_SERVER is not given.',
    helpValue: 'NAME',
  }),
};
