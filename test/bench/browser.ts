/** Debian's Chromium as the bench's browser measurements launch it (test/chromium.mjs). */
import { chromium, type Browser } from '@playwright/test';
import { existsSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';

export const CHROMIUM = chromiumPath;

export const chromiumInstalled = () => existsSync(CHROMIUM);

/** Headless Chromium; `extraArgs` add to the shared flags (a DevTools port for Lighthouse, say). */
export function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...chromiumArgs, ...extraArgs] });
}
