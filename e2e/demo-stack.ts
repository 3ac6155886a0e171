import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where `npm start` runs. */
export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A running `npm start`. */
export interface DemoStack {
  /** The demo site's origin, as printed by `npm start`. */
  url: string;
  /** Everything the process printed so far. */
  output(): string;
  /**
   * Sends Ctrl-C (SIGINT to the whole process group, as a terminal does) and resolves once
   * every process of the group has closed its output.
   */
  stop(): Promise<void>;
}

/**
 * Runs the README's `npm start` in its own process group with the given environment and
 * resolves once it has printed its whole banner (the URL to open, the admin token, …).
 */
export function startDemo(env: Record<string, string>, timeoutMs = 120_000): Promise<DemoStack> {
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // 'close' waits for every process holding the pipes (npm and the demo under it).
  const exited = new Promise<number | null>((resolve) =>
    child.once('close', (code) => resolve(code)),
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(-child.pid, 'SIGINT');
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm start printed no URL within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = () => {
      // The banner ends with this line: everything it prints (URL, tokens, ids) is in.
      if (!output.includes('Press Ctrl-C to stop.')) return;
      const match = /open (http:\/\/\S+?)\/?\s/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({ url: match[1], output: () => output, stop });
    };
    child.stdout?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before printing its URL:\n${output}`));
    });
  });
}
