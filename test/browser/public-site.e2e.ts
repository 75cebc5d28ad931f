// The public site in Debian's Chromium: hydration of every prerendered page, footer navigation,
// theme, cookie consent and consent-gated analytics, FAQ search and tags, the token disclaimer,
// and the site password gate (SPEC §2, §4, §7, §8). Needs `npm run build` first (npm test does).
// One Chromium for the suite; each test is a new visitor (its own context: no storage, no cookies).
// The FAQ's search and topic filters are shown by frontend/src/features/faq/pages/FaqPage.test.tsx.
import { afterAll, afterEach, beforeAll, expect, it } from '@jest/globals';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ConsoleMessage, Page } from 'playwright-core';
import { SiteGate } from '#app/identity';
import {
  describeInBrowser,
  eventually,
  FixedClock,
  localStorageItem,
  staffSession,
  startTestPlatform,
  waitFor,
  waitForPath,
  type BrowserSession,
  type TestPlatform,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';

let platform: TestPlatform;
let browser: BrowserSession | null = null;
let page: Page;
const browsers = sharedBrowser({ timeoutMs: 10_000 });
const clock = new FixedClock(new Date('2026-11-22T12:00:10Z'));

async function open(path: string, options: { cookieConsentStored?: boolean } = {}): Promise<Page> {
  browser = await browsers.session(platform.baseUrl, { cookieConsentStored: options.cookieConsentStored ?? true });
  page = browser.page;
  await page.goto(path);
  return page;
}

/** Console errors and uncaught exceptions (a hydration mismatch shows up as one of these). */
function collectErrors(target: Page): string[] {
  const errors: string[] = [];
  target.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  target.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const h1 = () => page.locator('main h1');

/**
 * Waits until React has hydrated the whole prerendered page: every element under #root is one React
 * claimed, but for the markup a claimed element sets as its inner HTML (a mismatch is reported as a
 * console error on the way, and that part rendered again).
 */
const hydrated = (target: Page) =>
  target.waitForFunction(() => {
    const reactKey = (element: Element, prefix: string) => Object.keys(element).find((key) => key.startsWith(prefix));
    const claimed = (element: Element) => reactKey(element, '__reactFiber$') !== undefined;
    const elements = Array.from(document.querySelectorAll('#root *'));
    const innerHtmlHosts = elements.filter((element) => {
      const props = reactKey(element, '__reactProps$');
      return (
        props !== undefined &&
        (element as unknown as Record<string, { dangerouslySetInnerHTML?: unknown }>)[props]?.dangerouslySetInnerHTML
      );
    });
    return elements.every(
      (element) => claimed(element) || innerHtmlHosts.some((host) => host !== element && host.contains(element)),
    );
  });

beforeAll(async () => {
  platform = await startTestPlatform({ clock });
});

afterEach(async () => {
  await browser?.close();
  browser = null;
});

afterAll(async () => {
  await browsers.closeAll();
  await platform?.close();
});

describeInBrowser('public site', () => {
  it('hydrates every prerendered page without a mismatch or a console error', async () => {
    const manifest = (await import('node:fs')).readFileSync('frontend/dist/prerendered/manifest.json', 'utf8');
    const paths = Object.keys((JSON.parse(manifest) as { pages: Record<string, string> }).pages);
    await open('/');
    const errors = collectErrors(page);
    for (const path of paths) {
      await page.goto(path);
      await h1().first().waitFor();
      await hydrated(page);
      expect({ path, errors }).toEqual({ path, errors: [] });
    }
  }, 120_000);

  it('navigates every footer link to its page, scrolled to the top', async () => {
    await open('/');
    const errors = collectErrors(page);
    const links = await page
      .locator('footer nav a')
      .evaluateAll((anchors) =>
        anchors.map((a) => (a as unknown as { getAttribute(n: string): string }).getAttribute('href')),
      );
    expect(links).toEqual([
      '/',
      '/stores',
      '/categories',
      '/faq',
      '/fanmint-platform',
      '/official-token',
      '/roadmap',
      '/official-social-channels',
      '/contact',
      '/terms',
      '/privacy',
      '/refund-policy',
      '/chargeback-policy',
      '/user-creator-agreement',
      '/complaints-policy',
      '/content-management-policy',
    ]);
    for (const href of links) {
      await page.evaluate(() =>
        (globalThis as unknown as { scrollTo(x: number, y: number): void }).scrollTo(0, 100_000),
      );
      await page.locator(`footer nav a[href="${href}"]`).click();
      await waitForPath(page, href);
      await expect(h1().first().isVisible()).resolves.toBe(true);
      await page.waitForFunction(() => (globalThis as unknown as { scrollY: number }).scrollY === 0, undefined, {
        timeout: 5_000,
      });
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) await page.keyboard.press('Escape');
    }
    expect(errors).toEqual([]);
  });

  it('starts dark, toggles to light, keeps the choice across a reload and sets data-theme before paint', async () => {
    await open('/');
    const theme = () =>
      page.evaluate(
        () =>
          (globalThis as unknown as { document: { documentElement: { dataset: Record<string, string> } } }).document
            .documentElement.dataset,
      );
    expect(await theme()).toMatchObject({ theme: 'dark', mantineColorScheme: 'dark' });
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { documentElement: { dataset: { theme: string } } } }).document
          .documentElement.dataset.theme === 'light',
    );
    expect(await localStorageItem(page, 'theme')).toBe('light');
    await page.reload({ waitUntil: 'domcontentloaded' });
    expect(await theme()).toMatchObject({ theme: 'light', mantineColorScheme: 'light' });
    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await page.waitForFunction(
      () =>
        (globalThis as unknown as { document: { documentElement: { dataset: { theme: string } } } }).document
          .documentElement.dataset.theme === 'dark',
    );
    expect(await localStorageItem(page, 'theme')).toBe('dark');
  });

  it("shows the cookie banner after 1 s; 'Accept All' turns analytics on, page views then reach our endpoint", async () => {
    const startedAt = Date.now();
    await open('/', { cookieConsentStored: false });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analytics/events')) sent.push(request.method());
      else if (!request.url().startsWith(platform.baseUrl)) sent.push(`third party: ${request.url()}`);
    });
    const orm = platform.api.get(MikroORM);
    const viewsOf = (path: string) =>
      orm.em
        .fork()
        .execute<{ n: number }[]>(
          `select count(*)::int as n from analytics_events where kind = 'page_view' and path = ?`,
          [path],
        )
        .then(([row]) => row.n);
    const before = { home: await viewsOf('/'), faq: await viewsOf('/faq') };
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor({ state: 'visible' });
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1000);
    expect(sent).toEqual([]);
    await expect(banner.getByRole('link', { name: /privacy/i }).getAttribute('href')).resolves.toBe('/privacy');
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(JSON.parse((await localStorageItem(page, 'cookieConsent'))!)).toMatchObject({
      essential: true,
      analytics: true,
    });
    await page.locator('footer nav a[href="/faq"]').click();
    await waitForPath(page, '/faq');
    await eventually(
      () => sent.length,
      (count) => count === 2,
    );
    expect(sent).toEqual(['POST', 'POST']);
    await eventually(
      () => viewsOf('/'),
      (count) => count === before.home + 1,
    );
    await eventually(
      () => viewsOf('/faq'),
      (count) => count === before.faq + 1,
    );
  });

  it("'Essential Only' stores analytics off and sends nothing, then or later", async () => {
    await open('/', { cookieConsentStored: false });
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/')) sent.push(request.url());
    });
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Essential Only' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(JSON.parse((await localStorageItem(page, 'cookieConsent'))!)).toMatchObject({
      essential: true,
      analytics: false,
    });
    await page.locator('footer nav a[href="/roadmap"]').click();
    await waitForPath(page, '/roadmap');
    // The banner would come up 1 s after the load: the page's clock is run past that instead of waiting it out.
    await page.clock.install();
    await page.reload({ waitUntil: 'networkidle' });
    await page.clock.runFor(1_500);
    await expect(banner.isVisible()).resolves.toBe(false);
    expect(sent).toEqual([]);
  });

  it('opens the token disclaimer with the page, links the terms, and closes it', async () => {
    await open('/official-token');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor({ state: 'visible' });
    await expect(dialog.textContent()).resolves.toMatch(/not an investment/i);
    await expect(dialog.locator('a[href="/terms"]').count()).resolves.toBeGreaterThan(0);
    await dialog.getByRole('button').last().click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(
      page
        .getByText(/1 trillion/i)
        .first()
        .isVisible(),
    ).resolves.toBe(true);
  });

  // Last: it locks the whole site of this platform.
  it('locks every page and API call behind the Password Page until the right password; stays unlocked after a reload', async () => {
    const admin = await staffSession(platform, 'admin', () => clock.now());
    const set = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Launch-day-2026' }),
    });
    expect(set.status).toBe(200);
    // The api trusts its cached view of the gate for SITE_GATE_CACHE_MS (100 ms in tests): wait until it shows.
    const locked = async () =>
      ((await (await fetch(`${platform.baseUrl}/auth/v1/user`)).json()) as { error_code?: string }).error_code ===
      'site_locked';
    await waitFor(locked, { timeoutMs: 5_000, what: 'the site gate to lock' });
    // The gate lives in this worker's database, which later suites share: a failure below must not leave it locked.
    let cleared = false;
    try {
      await open('/roadmap');
      const errors = collectErrors(page);
      expect(await page.title()).toBe('Password Page | Fanmint');
      await page.getByRole('heading', { name: 'Coming Soon', level: 1 }).waitFor();
      const callApi = () =>
        page.evaluate(async () => {
          const response = await fetch('/auth/v1/user');
          return { status: response.status, code: ((await response.json()) as { error_code: string }).error_code };
        });
      expect(await callApi()).toEqual({ status: 401, code: 'site_locked' });

      const password = page.getByLabel('Site password');
      const enter = page.getByRole('button', { name: 'Enter' });
      await password.fill('launch-day-2026');
      // The first unlock is held in flight until the button was seen disabled.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/site-gate/unlock', async (route) => {
        await held;
        await route.continue();
      });
      await enter.click();
      await expect(enter.isDisabled()).resolves.toBe(true);
      release();
      const error = page.getByRole('alert').filter({ hasText: 'Invalid password' });
      await error.waitFor();
      // The message sits in red under the button.
      const [buttonBox, errorBox] = [await enter.boundingBox(), await error.boundingBox()];
      expect(errorBox!.y).toBeGreaterThan(buttonBox!.y + buttonBox!.height - 1);
      const color = await error.evaluate(
        (el) =>
          (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color,
      );
      const [r, g, b] = color.match(/\d+/g)!.map(Number);
      expect(r).toBeGreaterThan(g + 60);
      expect(r).toBeGreaterThan(b + 60);
      expect(await localStorageItem(page, 'SITE_PASSWORD_AUTHENTICATED')).toBeNull();

      await password.fill('Launch-day-2026');
      await enter.click();
      await page.waitForFunction(
        () => (globalThis as unknown as { document: { title: string } }).document.title === 'Roadmap | Fanmint',
      );
      await h1().waitFor();
      expect(await localStorageItem(page, 'SITE_PASSWORD_AUTHENTICATED')).toBe('true');
      const cookies = await browser!.context.cookies();
      const access = cookies.find((cookie) => cookie.name === 'fanmint_site_access')!;
      expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
      const html = await page.content();
      expect(html).not.toMatch(/\$2[aby]\$/);

      await page.reload({ waitUntil: 'networkidle' });
      expect(await page.title()).toBe('Roadmap | Fanmint');
      await h1().waitFor();
      // Unlocked: the API answers for itself (here: no bearer token).
      expect(await callApi()).toEqual({ status: 401, code: 'no_authorization' });
      expect(errors).toEqual([]);

      // Another browser is still locked.
      const other = await browsers.session(platform.baseUrl, { cookieConsentStored: true });
      await other.page.goto('/faq');
      expect(await other.page.title()).toBe('Password Page | Fanmint');
      await other.close();

      const clearedAnswer = await fetch(`${platform.baseUrl}/api/admin/site-password`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${admin.token}`, cookie: `${access.name}=${access.value}` },
      });
      expect(clearedAnswer.status).toBe(200);
      cleared = true;
    } finally {
      if (!cleared) await platform.api.get(SiteGate).clear(admin.userId, '127.0.0.1');
    }
  });
});
