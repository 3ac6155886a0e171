import pino, { type Logger } from 'pino';

/** Header paths pino must never print, whatever a custom serializer or host logger does. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'authorization',
  'agentApiToken',
  'adminToken',
  'token',
];

/** The loggers {@link createDefaultLogger} made. */
const defaultLoggers = new WeakSet<Logger>();

/** Log lines are written once this many bytes are waiting… */
const LOG_BLOCK_BYTES = 4096;
/** …or after this long, whichever comes first, ms. */
const LOG_FLUSH_MS = 1_000;

/**
 * The BFF's default logger: pino at `level` (default `info`) with {@link REDACTED_PATHS}
 * censored, written to the file descriptor `fd` (default 1: stdout).
 *
 * Lines are written in blocks of 4 kB, and at least every second: one write per request
 * line would be a system call on the path of every visitor's question (≈ 10 % of the
 * relay's CPU). pino writes what is waiting when the process exits (a crash or SIGTERM
 * too); only a `kill -9` can lose the last second.
 *
 * @example
 * createBff({ ..., logger: createDefaultLogger('warn') });
 */
export function createDefaultLogger(level = 'info', fd = 1): Logger {
  const stream = pino.destination({ dest: fd, sync: false, minLength: LOG_BLOCK_BYTES });
  const timer = setInterval(() => {
    try {
      stream.flush();
    } catch {
      // Destroyed (the reader went away): nothing left to write to.
      clearInterval(timer);
    }
  }, LOG_FLUSH_MS);
  timer.unref();
  stream.once('close', () => clearInterval(timer));
  const logger = pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, stream);
  defaultLoggers.add(logger);
  return logger;
}

/**
 * A logger for lines built from an allow-list of fields (nothing in them can match
 * {@link REDACTED_PATHS}): a child of a default logger without its redaction pass, any
 * other logger as it is, so a host's own redaction (say, of addresses) still applies.
 */
export function withoutDefaultRedaction(logger: Logger): Logger {
  return defaultLoggers.has(logger) ? logger.child({}, { redact: [] }) : logger;
}
