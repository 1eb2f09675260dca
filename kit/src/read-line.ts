/**
 * One line of standard input without its line ending (`--password-stdin`): what a pipe or a file
 * gives up to its first newline or its end. On a terminal the prompt goes to stderr and the typed
 * characters are not echoed, since the line is a secret.
 */
export async function readSecretLine(prompt: string, input: NodeJS.ReadStream = process.stdin): Promise<string> {
  return input.isTTY ? readFromTerminal(prompt, input) : readFromPipe(input);
}

async function readFromPipe(input: NodeJS.ReadStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
    if (text.includes('\n')) break;
  }
  input.pause();
  return text.split('\n')[0]!.replace(/\r$/, '');
}

function readFromTerminal(prompt: string, input: NodeJS.ReadStream): Promise<string> {
  process.stderr.write(prompt);
  input.setRawMode(true);
  input.setEncoding('utf8');
  input.resume();
  return new Promise((resolve, reject) => {
    let line = '';
    const finish = (error?: Error): void => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (keys: string): void => {
      for (const key of keys) {
        if (key === '\r' || key === '\n' || key === '\u0004') return finish();
        if (key === '\u0003') return finish(new Error('Cancelled'));
        if (key === '\u007f' || key === '\b') line = line.slice(0, -1);
        else line += key;
      }
    };
    input.on('data', onData);
  });
}
