import { createInterface } from 'node:readline';

/**
 * Asks a person at a terminal one question and returns the line they typed (echoed, as any answer
 * that is not a secret), or null when they pressed Ctrl-C or ended the input (Ctrl-D). The
 * question goes to stderr, so a plan piped or redirected from stdout still shows it.
 */
export function askLine(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string | null> {
  const terminal = createInterface({ input, output, terminal: Boolean(input.isTTY) });
  return new Promise((resolve) => {
    let answered = false;
    const finish = (answer: string | null): void => {
      if (answered) return;
      answered = true;
      terminal.close();
      input.pause();
      resolve(answer);
    };
    // Without a SIGINT listener readline only pauses on Ctrl-C, and the process would end with 0.
    terminal.on('SIGINT', () => {
      output.write('\n');
      finish(null);
    });
    terminal.on('close', () => finish(null));
    terminal.question(question, (answer) => finish(answer));
  });
}
