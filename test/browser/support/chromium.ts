import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`); .ci/run installs it when it is missing. */
export const chromiumPath = process.env.ACCTL_TEST_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Headless Chromium driven by playwright-core (which downloads no browser of its own). A missing
 * Chromium fails the suite with a message saying what to install: these tests never skip.
 * --no-sandbox because CI runs as root; the rest keeps Chromium from calling home.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `The browser tests need Chromium at ${chromiumPath}, and it is not there. Install it (Debian/Ubuntu: apt-get install -y chromium; .ci/run does this) or point ACCTL_TEST_CHROMIUM at one.`,
    );
  }
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
