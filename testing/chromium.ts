import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Where the browser tests expect Debian's Chromium. */
const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Launches Debian's headless Chromium with the flags every browser test here needs (no
 * sandbox as root, no GPU, no background network: the machines have none), plus
 * `extraArgs`. Fails with what to install when Chromium is missing: browser tests never skip.
 */
export async function launchChromium(extraArgs: readonly string[] = []): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}: install it with \`apt-get install chromium\` (Debian). They do not skip without it.`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}
