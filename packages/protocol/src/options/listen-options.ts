import { z } from 'zod';
import { wholeNumberFromEnv } from './env-readers.js';
import { optionDocs } from './option-docs.js';

const PORT = 'must be a port number from 0 to 65535';

/**
 * The `port` and `host` options of a server that listens (env `PORT`, `HOST`), to spread
 * into its options schema: `port` defaults to `defaultPort` (`0` picks a free one), `host`
 * to `127.0.0.1` (this machine only; `0.0.0.0` in a container).
 */
export function listenOptionFields(defaultPort: number) {
  return {
    /** Port to listen on; `0` picks a free one. Env `PORT`. */
    port: z
      .number({ error: PORT })
      .int({ error: PORT })
      .min(0, { error: PORT })
      .max(65_535, { error: PORT })
      .default(defaultPort)
      .register(optionDocs, {
        env: 'PORT',
        fromEnv: wholeNumberFromEnv,
        description: 'Port to listen on (`0`: any free port).',
      }),
    /** Address to listen on. Env `HOST`. Default `127.0.0.1`. */
    host: z
      .string()
      .min(1, { error: 'must be an address to listen on' })
      .default('127.0.0.1')
      .register(optionDocs, {
        env: 'HOST',
        description: 'Address to listen on (`0.0.0.0`: every interface, e.g. in a container).',
      }),
  };
}
