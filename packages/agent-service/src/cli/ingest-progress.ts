/** Shows ingestion progress: a bar redrawn in place on a terminal, plain lines otherwise. */
export interface IngestProgress {
  /** An item reached `synched` or `error` (plain mode prints its line). */
  settled(line: string): void;
  /** Redraws the bar (terminal only). */
  update(done: number, total: number, failed: number): void;
  /** Ends the bar's line. */
  finish(): void;
}

const WIDTH = 30;

/** Creates the progress display writing to `write`; `tty` chooses the bar. */
export function createIngestProgress(write: (text: string) => void, tty: boolean): IngestProgress {
  let drawn = false;
  return {
    settled(line) {
      if (tty && drawn) write('\r\u001b[2K');
      write(`${line}\n`);
      drawn = false;
    },
    update(done, total, failed) {
      if (!tty) return;
      const filled = total === 0 ? WIDTH : Math.round((done / total) * WIDTH);
      write(
        `\r\u001b[2K[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} done${failed > 0 ? `, ${failed} failed` : ''}`,
      );
      drawn = true;
    },
    finish() {
      if (tty && drawn) write('\n');
      drawn = false;
    },
  };
}
