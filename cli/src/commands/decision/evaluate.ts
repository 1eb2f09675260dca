import { Flags } from '@oclif/core';
import type { Decision, SimulationRequest } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError, exitCodes } from '../../../../kit/src/index.js';
import { parseListAssignments } from '../../flags/assignments.js';
import { askerFlags, askerFromFlags } from '../../flags/decision-request.js';
import { readJsonInput } from '../../flags/file-input.js';
import { decisionLines } from '../../ux/resource-display.js';

const requestFlags = [...Object.keys(askerFlags), 'resource', 'resource-attribute'];

export default class DecisionEvaluate extends ApiCommand {
  static override summary = 'Ask the server for an access decision';
  static override description = `Evaluates one request against every active policy; the decision is recorded. The request comes from flags or, with --request, from a JSON file (or - for stdin) of the shape POST /v1/decisions/evaluate takes (resource.attributes included). Attribute and context values that are JSON numbers or booleans are sent as such (risk_score=0.4, mfa_verified=true). A resource attribute is a list when its name is given again (--resource-attribute tags=q4 --resource-attribute tags=eu) or its value is a JSON array (tags='["q4"]').

Exits 0 whenever the server answered, allow or deny; with --exit-code a deny exits ${exitCodes.denied}. --json prints the API answer.`;
  static override examples = [
    '<%= config.bin %> <%= command.id %> --principal-type USER --attribute department=engineering --resource-type database --resource prod-ledger --action read',
    '<%= config.bin %> <%= command.id %> --principal-type USER --principal-id 3f0c6a2e-8d1b-4c55-9b7e-1a2b3c4d5e6f --resource-type api --resource payments --action write --context mfa_verified=true --exit-code',
    '<%= config.bin %> <%= command.id %> --principal-type USER --principal-id u-42 --resource-type document --resource doc-1 --resource-attribute owner=u-42 --resource-attribute tags=q4 --resource-attribute tags=eu --action edit',
    'echo \'{"principal":{"type":"USER"},"resource":{"type":"database","identifier":"prod-ledger"},"action":"read"}\' | <%= config.bin %> <%= command.id %> --request - --json',
  ];
  static override flags = {
    ...askerFlags,
    resource: Flags.string({ summary: 'The resource identifier, e.g. prod-ledger.' }),
    'resource-attribute': Flags.string({
      summary: 'A resource attribute (name=value, repeatable; the same name again makes a list, as does a JSON array).',
      multiple: true,
      helpValue: 'NAME=VALUE',
    }),
    request: Flags.string({ summary: 'The whole request as JSON, from a file or - for stdin.', helpValue: 'FILE|-', exclusive: requestFlags }),
    'exit-code': Flags.boolean({ summary: `Exit ${exitCodes.denied} when the decision is deny.` }),
  };

  public async run(): Promise<Decision> {
    const { flags } = await this.parse(DecisionEvaluate);
    const request = flags.request === undefined ? requestFromFlags(flags) : ((await readJsonInput('request', flags.request)) as SimulationRequest);
    const decision = await (await this.api(flags.server)).call('post', '/decisions/evaluate', { body: request });
    this.log(decisionLines(decision).join('\n'));
    // The JSON answer is still printed: only the exit status says deny.
    if (flags['exit-code'] && decision.decision === 'deny') process.exitCode = exitCodes.denied;
    return decision;
  }
}

function requestFromFlags(flags: {
  'principal-type'?: string;
  'principal-id'?: string;
  attribute?: string[];
  'resource-type'?: string;
  resource?: string;
  'resource-attribute'?: string[];
  action?: string;
  context?: string[];
}): SimulationRequest {
  const missing = (['principal-type', 'resource-type', 'resource', 'action'] as const).filter((name) => flags[name] === undefined);
  if (missing.length > 0)
    throw new UsageError(`Missing ${missing.map((name) => `--${name}`).join(', ')}`, [
      'Give --principal-type, --resource-type, --resource and --action, or the whole request with --request FILE',
    ]);
  const resourceAttributes = parseListAssignments('resource-attribute', flags['resource-attribute']);
  const { principal, action, context } = askerFromFlags(flags);
  return {
    principal,
    resource: {
      type: flags['resource-type']!,
      identifier: flags.resource!,
      ...(Object.keys(resourceAttributes).length === 0 ? {} : { attributes: resourceAttributes }),
    },
    action,
    ...(context === undefined ? {} : { context }),
  };
}
