import { errorStyle } from '../../../kit/src/index.js';

const frames = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export interface Progress {
  /** What is happening now, e.g. `running, 1200 events`. */
  update(status: string): void;
  /** Clears the line. */
  stop(): void;
}

/**
 * A spinner with the elapsed time on one stderr line, redrawn in place: only on a terminal (and
 * never with --json); elsewhere it prints nothing, so logs and pipes stay clean.
 */
export function startProgress(label: string, options: { enabled: boolean; stream?: NodeJS.WriteStream }): Progress {
  const stream = options.stream ?? process.stderr;
  if (!options.enabled || !stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const started = Date.now();
  let status = '';
  let frame = 0;
  const draw = (): void => {
    const elapsed = ((Date.now() - started) / 1000).toFixed(1);
    stream.write(`\r\u001b[2K${errorStyle.cyan(frames[frame++ % frames.length])} ${label} ${errorStyle.dim(`${status} ${elapsed}s`)}`);
  };
  const timer = setInterval(draw, 100);
  draw();
  return {
    update: (next) => {
      status = next;
    },
    stop: () => {
      clearInterval(timer);
      stream.write('\r\u001b[2K');
    },
  };
}
