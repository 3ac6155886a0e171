import { INVALID_OPTIONS } from '../agent-service-error.js';
import { type CliIo, UsageError } from './cli-io.js';
import { discordCommand } from './discord-command.js';
import { evalCommand } from './eval-command.js';
import { HELP, MAIN_HELP } from './help.js';
import { ingest } from './ingest-command.js';
import { keysCreate } from './keys-command.js';
import { purgeConversations } from './purge-command.js';
import { reembedCommand } from './reembed-command.js';
import { seedDemoCommand } from './seed-demo-command.js';
import { serve } from './serve-command.js';

/**
 * Runs the `agent-chat-service` command line and resolves with the exit code: 0 success,
 * 1 failure (message on stderr), 2 wrong usage.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === undefined) {
      io.stderr(MAIN_HELP);
      return 2;
    }
    if (command === '--help' || command === '-h' || command === 'help') {
      io.stdout(MAIN_HELP);
      return 0;
    }
    const help = HELP[command];
    if (help === undefined) throw new UsageError(`Unknown command "${command}".`);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(help);
      return 0;
    }
    switch (command) {
      case 'serve':
        if (rest.length > 0)
          throw new UsageError('serve takes no arguments; configure it by environment.');
        return await serve(io);
      case 'keys':
        return await keysCreate(rest, io);
      case 'seed-demo':
        return await seedDemoCommand(rest, io);
      case 'purge-conversations':
        return await purgeConversations(rest, io);
      case 'reembed':
        return await reembedCommand(rest, io);
      case 'eval':
        return await evalCommand(rest, io);
      case 'discord':
        return await discordCommand(rest, io);
      default:
        return await ingest(rest, io);
    }
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      io.stderr(
        `agent-chat-service: ${(error as Error).message}\n\n${(command && HELP[command]) || MAIN_HELP}`,
      );
      return 2;
    }
    if ((error as { code?: string }).code === INVALID_OPTIONS) {
      io.stderr(
        `agent-chat-service: ${(error as Error).message}\nSee "agent-chat-service ${command} --help".\n`,
      );
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`agent-chat-service: ${message}\n`);
    return 1;
  }
}
