/**
 * The logger the service writes to. Its shape matches pino's (`logger.warn(details,
 * message)`), so a pino logger can be passed as is; the default writes nothing.
 */
export interface Logger {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

/** A logger that drops everything (the default: tests and embedding hosts stay quiet). */
export const silentLogger: Logger = {
  info() {},
  warn() {},
  error() {},
};

/** A logger that writes one JSON line per entry to stderr (used by the CLI). */
export function createJsonLogger(write: (line: string) => void): Logger {
  const log = (level: string) => (details: Record<string, unknown>, message: string) =>
    write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...details })}\n`);
  return { info: log('info'), warn: log('warn'), error: log('error') };
}
