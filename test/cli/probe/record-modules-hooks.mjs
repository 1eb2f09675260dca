import { appendFileSync } from 'node:fs';

export async function load(url, context, nextLoad) {
  if (process.env.ACCTL_MODULE_PROBE_OUT) appendFileSync(process.env.ACCTL_MODULE_PROBE_OUT, `${url}\n`);
  return nextLoad(url, context);
}
