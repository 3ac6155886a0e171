import type { StartAgentServiceOptions } from '@agent-chat/agent-service';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../testing/chromium.js';
import { afterAll, beforeAll } from '../../../testing/set-up-hooks.js';
import { type ConsoleStack, startConsoleStack } from './console-harness.js';

/** What {@link useConsoleTestBed} starts for a test file; set once its `beforeAll` ran. */
export interface ConsoleTestBed {
  browser: Browser;
  stack: ConsoleStack;
}

/**
 * Registers the `beforeAll`/`afterAll` every console browser test file needs: launches
 * Chromium and starts the BFF with the embedded agent service, then closes both (the
 * project's global setup has built the console and the widget). Read the fields inside tests and
 * later hooks only. `serviceOptions` is called in that `beforeAll` (after the file's
 * earlier hooks, which may start servers it names) for options of the agent service,
 * given the console's URL (`<origin>/chat/admin/`).
 *
 * @example
 * const bed = useConsoleTestBed();
 * it('signs in', async () => { const page = await bed.browser.newPage(); … });
 */
export function useConsoleTestBed(
  serviceOptions: (consoleUrl: string) => StartAgentServiceOptions = () => ({}),
): ConsoleTestBed {
  const bed: Partial<ConsoleTestBed> = {};
  beforeAll(async () => {
    [bed.browser, bed.stack] = await Promise.all([
      launchChromium(),
      startConsoleStack(serviceOptions),
    ]);
  });
  afterAll(async () => {
    await bed.browser?.close();
    await bed.stack?.close();
  });
  return bed as ConsoleTestBed;
}
