/**
 * The options of the apps the BFF serves: where the built widget and console are, and the
 * console's sessions (their signing secret and lifetime).
 */
import { optionDocs, wholeNumberOption } from '@agent-chat/protocol/options';
import { z } from 'zod';

/**
 * The apps served and their sessions: spread into `bffOptionFields` in this order, which is
 * the order of `--help` and of the README table.
 */
export const consoleOptionFields = {
  /** Directory holding the built widget (`widget.js` and chunks). Env `WIDGET_DIR`. Default: the widget package's `dist`. */
  widgetDir: z.string().optional().register(optionDocs, {
    env: 'WIDGET_DIR',
    defaultText: "the widget package's `dist`",
    description: 'Directory of the built widget (`widget.js`, `assets/`).',
  }),
  /** Directory of the built console (`index.html`, `assets/`). Env `CONSOLE_DIR`. Default: the console package's `dist`. */
  consoleDir: z.string().optional().register(optionDocs, {
    env: 'CONSOLE_DIR',
    defaultText: "the console package's `dist`",
    description:
      'Directory of the built operator console, served at `/admin/` when `adminToken` is set.',
  }),
  /** Extra secret signing console session cookies (16+ characters). Env `CONSOLE_SESSION_SECRET`. Default: the key is derived from `adminToken` alone. */
  consoleSessionSecret: z
    .string()
    .min(16, { error: 'must be at least 16 characters (e.g. `openssl rand -hex 24`)' })
    .optional()
    .register(optionDocs, {
      env: 'CONSOLE_SESSION_SECRET',
      secret: true,
      defaultText: 'derived from `ADMIN_TOKEN`',
      description:
        'Secret signing the console session cookies, with the admin token; changing either signs everyone out.',
    }),
  /** Lifetime of a console session, ms. Env `CONSOLE_SESSION_TTL_MS`. Default 28 800 000 (8 h). */
  consoleSessionTtlMs: wholeNumberOption(28_800_000, {
    env: 'CONSOLE_SESSION_TTL_MS',
    description: 'Lifetime of a console session (its cookie), ms.',
  }),
};
