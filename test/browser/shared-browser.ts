// One Chromium per suite. Launching Chromium costs a second or more on a busy machine, a new context
// (its own cookies, storage and cache, as a fresh profile has) a few milliseconds: a suite launches
// the browser once and opens a context for each visitor it needs. A context can start signed in: the
// account's session is stored where the web app's auth client keeps it, as a sign-in through the
// form leaves it (each suite that does so keeps one test that signs in through the form).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CHROMIUM_ARGS, SCREENSHOT_DIR, chromiumPath, clientIp, type BrowserSession } from '#app/testing';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Where the web app's auth client (@supabase/auth-js, default key) and its API client keep the session. */
const AUTH_STORAGE_KEY = 'supabase.auth.token';
const TOKEN_KEY = 'token';

/** The part of an auth-js session the web app reads back from storage. */
export interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at?: number;
  user: { id: string };
}

export interface SharedBrowserOptions {
  timeoutMs?: number;
  /** Store an 'Essential Only' cookie choice before any page loads, so the banner never shows. */
  cookieConsentStored?: boolean;
}

export interface OpenOptions {
  /** Signed in as this session's account from the first page on. */
  session?: StoredSession;
  /** Overrides the pool's cookie choice for this context. */
  cookieConsentStored?: boolean;
  /** Overrides the pool's timeout for this context. */
  timeoutMs?: number;
  /** The made-up client address its requests carry (a random 10.x.y.z unless given). */
  ip?: string;
}

export function sharedBrowser({ timeoutMs = 20_000, cookieConsentStored = false }: SharedBrowserOptions = {}) {
  let launched: Promise<Browser> | null = null;
  const sessions: BrowserSession[] = [];
  const browser = () => {
    launched ??= import('playwright-core').then(({ chromium }) =>
      chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_ARGS }),
    );
    return launched;
  };

  async function session(baseUrl: string, options: OpenOptions = {}): Promise<BrowserSession> {
    const ip = options.ip ?? clientIp();
    const origin = new URL(baseUrl).origin;
    const context: BrowserContext = await (
      await browser()
    ).newContext({
      baseURL: baseUrl,
      viewport: { width: 1280, height: 900 },
      extraHTTPHeaders: { 'x-forwarded-for': ip },
      storageState: options.session
        ? {
            cookies: [],
            origins: [
              {
                origin,
                localStorage: [
                  { name: AUTH_STORAGE_KEY, value: JSON.stringify(options.session) },
                  { name: TOKEN_KEY, value: options.session.access_token },
                ],
              },
            ],
          }
        : undefined,
    });
    if (options.cookieConsentStored ?? cookieConsentStored) {
      await context.addInitScript(() => {
        if (!localStorage.getItem('cookieConsent')) {
          localStorage.setItem(
            'cookieConsent',
            JSON.stringify({ essential: true, analytics: false, timestamp: new Date().toISOString() }),
          );
        }
      });
    }
    context.setDefaultTimeout(options.timeoutMs ?? timeoutMs);
    context.setDefaultNavigationTimeout(options.timeoutMs ?? timeoutMs);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const opened: BrowserSession = {
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
        const index = sessions.indexOf(opened);
        if (index >= 0) sessions.splice(index, 1);
        await context.close().catch(() => undefined);
        if (errors.length) console.warn(`Uncaught page errors:\n${errors.join('\n')}`);
      },
    };
    sessions.push(opened);
    return opened;
  }

  return {
    /** A new visitor: its own context (storage, cookies, client address) in the suite's one browser. */
    session,
    async open(baseUrl: string, options: OpenOptions = {}): Promise<Page> {
      return (await session(baseUrl, options)).page;
    },
    /** Closes every context, then the browser. */
    async closeAll(): Promise<void> {
      while (sessions.length) await sessions[sessions.length - 1].close();
      const running = launched;
      launched = null;
      if (running) await (await running.catch(() => null))?.close();
    },
  };
}

/**
 * Shows the page in this colour scheme without loading it again: the system's preference (which the
 * acquirer's hosted page follows) and, on our pages, the stored theme, whose change reaches the page
 * as a `storage` event does when another tab turns the theme (Mantine's colour-scheme manager listens
 * for it). Resolves once our page has switched.
 */
export async function showColorScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const ours = await page.evaluate((value) => {
    if (!document.documentElement.hasAttribute('data-mantine-color-scheme')) return false;
    localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value, storageArea: localStorage }));
    return true;
  }, scheme);
  if (ours)
    await page.waitForFunction(
      (value) =>
        document.documentElement.dataset.mantineColorScheme === value &&
        document.documentElement.dataset.theme === value,
      scheme,
    );
}
