import { Args, Flags } from '@oclif/core';

export const webhookIdArg = { id: Args.string({ required: true, description: 'The webhook id.' }) };

/** Event types are checked by the server against its catalog (docs/webhooks.md), so new ones need no CLI change. */
export const eventFlag = (required: boolean) => ({
  event: Flags.string({
    summary: 'An event type to receive (repeatable), a family (policy.*), or * for every one.',
    description: 'For example policy.updated, principal.created, or policy.* for every policy event (as audit filters read it); docs/webhooks.md lists them.',
    multiple: true,
    required,
    helpValue: 'TYPE',
  }),
});

export const describedFlags = {
  description: Flags.string({ summary: 'What the webhook is for (at most 1000 characters).' }),
};
