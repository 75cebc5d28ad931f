import { describe, it } from '@jest/globals';
import { accessSync, constants, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { clientIp } from './auth-client.js';
import { waitFor } from './wait.js';

/** Debian's chromium (apt), never a downloaded browser (ARCHITECTURE, "Toolchain facts"). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = '/tmp/browser-shots';

export function chromiumPath(): string {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** The reason the browser suites cannot run here, or null when Chromium is available. */
export function chromiumMissing(): string | null {
  try {
    accessSync(chromiumPath(), constants.X_OK);
    return null;
  } catch {
    return `Chromium not found at ${chromiumPath()} (apt-get install chromium, or set CHROME_PATH)`;
  }
}

const isCI = () => ['true', '1', 'yes'].includes(String(process.env.CI ?? '').toLowerCase());

/** The reason `path` cannot be run here (with an install hint), or null when it is executable. */
export function executableMissing(path: string, hint: string): string | null {
  try {
    accessSync(path, constants.X_OK);
    return null;
  } catch {
    return `${path} not found (${hint})`;
  }
}

/**
 * `describe` for a suite that drives a real browser. Without Chromium (or without one of the
 * extra tools in `requires`, each a check returning why it is missing) the suite is skipped and
 * says so plainly; with CI=true nothing may be skipped, so it fails instead.
 */
export function describeInBrowser(name: string, body: () => void, requires: Array<() => string | null> = []): void {
  const missing =
    [chromiumMissing, ...requires]
      .map((check) => check())
      .filter(Boolean)
      .join('; ') || null;
  if (!missing) {
    describe(name, body);
    return;
  }
  if (isCI()) {
    describe(name, () => {
      it(
        requires.length
          ? 'needs Chromium and its tools (CI=true: browser suites may not be skipped)'
          : 'needs Chromium (CI=true: browser suites may not be skipped)',
        () => {
          throw new Error(`${missing}: CI=true, so "${name}" may not be skipped`);
        },
      );
    });
    return;
  }
  console.warn(`SKIPPED browser suite "${name}": ${missing}`);
  describe.skip(name, body);
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** The made-up client address every request of this browser carries (own rate-limit counters). */
  ip: string;
  /** Saves a full-page screenshot to /tmp/browser-shots/{name}.png and returns its path. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile (its own temp dir: no shared storage between tests) whose requests
 * carry `x-forwarded-for` with a random 10.x.y.z address; the test api trusts the proxy header.
 */
export interface OpenBrowserOptions {
  ip?: string;
  timeoutMs?: number;
  /**
   * Store an 'Essential Only' cookie choice before any page loads, as for a returning visitor,
   * so the banner never appears; otherwise answer it with `dismissCookieBanner`.
   */
  cookieConsentStored?: boolean;
}

export async function openBrowser(
  baseUrl: string,
  { ip = clientIp(), timeoutMs = 10_000, cookieConsentStored = false }: OpenBrowserOptions = {},
): Promise<BrowserSession> {
  const profile = await mkdtemp(join(tmpdir(), 'fanmint-chromium-'));
  // Loaded here, not at the top: every suite imports this lib, few of them drive a browser.
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
    baseURL: baseUrl,
    viewport: { width: 1280, height: 900 },
    extraHTTPHeaders: { 'x-forwarded-for': ip },
  });
  if (cookieConsentStored) {
    await context.addInitScript(() => {
      const { localStorage } = globalThis as unknown as PageGlobals;
      if (!localStorage.getItem('cookieConsent')) {
        localStorage.setItem(
          'cookieConsent',
          JSON.stringify({ essential: true, analytics: false, timestamp: new Date().toISOString() }),
        );
      }
    });
  }
  context.setDefaultTimeout(timeoutMs);
  context.setDefaultNavigationTimeout(timeoutMs);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return {
    context,
    page,
    ip,
    async screenshot(name: string) {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const path = join(SCREENSHOT_DIR, `${name}.png`);
      await page.screenshot({ path, fullPage: true });
      return path;
    },
    async close() {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true }).catch(() => undefined);
      if (errors.length) console.warn(`Uncaught page errors:\n${errors.join('\n')}`);
    },
  };
}

/** The browsers a suite opens as it goes (each a fresh profile, as `openBrowser`), closed together at its end. */
export function browserPool(options: OpenBrowserOptions = {}) {
  const sessions: BrowserSession[] = [];
  return {
    async open(baseUrl: string): Promise<Page> {
      const session = await openBrowser(baseUrl, options);
      sessions.push(session);
      return session.page;
    },
    async closeAll(): Promise<void> {
      while (sessions.length) await sessions.pop()!.close();
    },
  };
}

/** Fills the sign-in form and submits it (where the page goes next is up to the caller). */
export async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/sign-in') await page.goto('/sign-in');
  await page.getByLabel(/^Email( \*)?$/).fill(email);
  await page.getByLabel(/^Password( \*)?$/).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Waits until the page's path (and query, when given) is `path`, e.g. '/dashboard'. */
export async function waitForPath(page: Page, path: string, timeoutMs = 10_000): Promise<void> {
  await page.waitForURL((url) => url.pathname + (path.includes('?') ? url.search : '') === path, {
    timeout: timeoutMs,
  });
}

/** Waits for a toast (Mantine notification) with exactly this text. */
export async function waitForToast(page: Page, text: string, timeoutMs = 10_000): Promise<void> {
  await page
    .locator('.mantine-Notification-root')
    .filter({ hasText: text })
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Answers the cookie banner ('Essential Only') if it shows up within a couple of seconds, so it covers nothing. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  try {
    await banner.waitFor({ state: 'visible', timeout: 2_500 });
  } catch {
    return; // consent already stored in this profile
  }
  await banner.getByRole('button', { name: 'Essential Only' }).click();
  await banner.waitFor({ state: 'hidden' });
}

/** The part of the page's globals these helpers use (the Node typings have no DOM). */
interface PageGlobals {
  localStorage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    readonly length: number;
    key(index: number): string | null;
  };
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => (globalThis as unknown as PageGlobals).localStorage.getItem(name), key);
}

export async function localStorageKeys(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const { localStorage } = globalThis as unknown as PageGlobals;
    return Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i) ?? '');
  });
}

/** Waits until localStorage `key` is set (`present`) or removed. */
export async function waitForLocalStorage(
  page: Page,
  key: string,
  present: boolean,
  timeoutMs = 10_000,
): Promise<void> {
  await page.waitForFunction(
    ([name, wanted]) =>
      ((globalThis as unknown as PageGlobals).localStorage.getItem(name as string) !== null) === wanted,
    [key, present] as const,
    { timeout: timeoutMs },
  );
}

/** Reads `read()` until `check` holds (or the time is up, then fails showing the last value). */
export async function eventually<T>(
  read: () => T | Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 10_000,
): Promise<T> {
  let last: T | undefined;
  const met = await waitFor(
    async () => {
      last = await read();
      return check(last) ? { value: last } : null;
    },
    { timeoutMs, intervalMs: 100 },
  ).catch(() => {
    throw new Error(`Condition not met within ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
  });
  return met.value;
}

/**
 * Waits until the page has come to rest, for a screenshot or an axe check: web fonts loaded, every finite CSS
 * transition and animation finished (a modal's open transition, a drawer sliding in; endless ones such as a
 * spinner are left running), then two frames painted so a layout change (a new viewport, a theme) has shown.
 */
export async function pageSettled(page: Page, timeoutMs = 5_000): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: timeoutMs, polling: 'raf' },
  );
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
