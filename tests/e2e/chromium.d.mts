import type { Browser } from 'playwright-core'

/** Chromium with our flags, and `extraArgs` after them. */
export declare function launchChromium(extraArgs?: string[]): Promise<Browser>
