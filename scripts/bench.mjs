// `npm run bench`: runs bench/cli.ts (TypeScript, workspace packages from source) through tsx.
// The shell raises the soft open-file limit to the hard limit first: thousands of concurrent
// streams need two sockets each in the BFF process. Arguments are passed through, e.g.
// `npm run bench -- --only=relay --streams=1000`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const command = [
  'ulimit -n "$(ulimit -Hn)" 2>/dev/null || true;',
  'exec node --conditions agent-chat-source --import tsx bench/cli.ts "$@"',
].join(' ');
const child = spawn('sh', ['-c', command, 'bench', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => {
  process.exitCode = code ?? (signal ? 1 : 0);
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
