import { Flags } from '@oclif/core';
import type { Decision, DecisionBatchRequest, DecisionBatchResponse } from '../../../../core/src/index.js';
import { ApiCommand } from '../../base/api-command.js';
import { UsageError, renderTable } from '../../../../kit/src/index.js';
import { readJsonInput } from '../../flags/file-input.js';

export default class DecisionBatch extends ApiCommand {
  static override summary = 'Ask for up to 100 access decisions at once';
  static override description =
    'The file (or - for stdin) is the body of POST /v1/decisions/batch: { "requests": [ ... ] }, each of the shape decision evaluate --request takes. The answers come in the order of the requests, each with its own id. --json prints the API answer: { results }.';
  static override examples = [
    '<%= config.bin %> <%= command.id %> --file requests.json',
    'cat requests.json | <%= config.bin %> <%= command.id %> --file - --json | jq -r ".results[].decision"',
  ];
  static override flags = { file: Flags.string({ summary: 'The batch as JSON, from a file or - for stdin.', helpValue: 'FILE|-', required: true }) };

  public async run(): Promise<DecisionBatchResponse> {
    const { flags } = await this.parse(DecisionBatch);
    const batch = (await readJsonInput('file', flags.file)) as DecisionBatchRequest;
    if (typeof batch !== 'object' || batch === null || !Array.isArray(batch.requests)) throw new UsageError('--file must hold { "requests": [ ... ] }');
    const answer = await (await this.api(flags.server)).call('post', '/decisions/batch', { body: batch });
    this.log(
      renderTable(
        [
          { header: '#', value: (row: { result: Decision; index: number }) => String(row.index) },
          { header: 'DECISION', value: (row) => row.result.decision },
          { header: 'ID', value: (row) => row.result.id },
          { header: 'EXPLANATION', value: (row) => row.result.explanation },
        ],
        answer.results.map((result, index) => ({ result, index })),
      ),
    );
    return answer;
  }
}
