import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EnvReadOptions } from '@agent-chat/protocol/options';
import type { Logger } from 'pino';
import { BffError, INVALID_OPTIONS } from '../bff-error.js';
import { createDefaultLogger } from '../http/index.js';

/** `true`/`false`, a hop count, or the text (addresses/subnets), as Express's `trust proxy` takes them. */
export function trustProxyFromEnv(text: string): boolean | number | string {
  if (/^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (/^\d+$/.test(text)) return Number(text);
  return text;
}

/** `AGENT_POLICIES`: JSON, or the path of a `.json` file (relative to `cwd`). */
export function policiesFromEnv(text: string, io: EnvReadOptions): unknown {
  let json = text;
  if (!text.startsWith('{')) {
    const path = resolve(io.cwd ?? process.cwd(), text);
    try {
      json = (io.readFile ?? ((file) => readFileSync(file, 'utf8')))(path);
    } catch (error) {
      throw new BffError(
        INVALID_OPTIONS,
        `AGENT_POLICIES must be JSON or the path of a readable .json file; ${path} could not be read.`,
        { cause: error },
      );
    }
  }
  try {
    return JSON.parse(json) as unknown;
  } catch (error) {
    throw new BffError(INVALID_OPTIONS, 'AGENT_POLICIES is not valid JSON.', { cause: error });
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** `LOG_LEVEL` → the default logger at that level ({@link createDefaultLogger}), or `false` for `silent`. */
export function loggerFromEnv(text: string): Logger | false {
  const level = text.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    throw new BffError(
      INVALID_OPTIONS,
      `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${level}").`,
    );
  }
  if (level === 'silent') return false;
  return createDefaultLogger(level);
}
