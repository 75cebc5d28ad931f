// Issue 20 (contrast, badges and overlays) in Debian's Chromium: the staff console's queue and
// detail pages as a moderator and as an admin, with items claimed so Accept/Approve/Reject are live,
// and the checkout return page after a declined card, pass axe (WCAG 2.1 AA) in light and dark at
// 375 px and 1366×768, with no badge cut short; on a phone a toast covers no control of an open
// dialog; the cookie banner never sits on an open mobile menu. Screenshots in /tmp/browser-shots.
// One Chromium for the suite, a context per visitor; each page is loaded once and shown in both
// themes and at both sizes in place (the theme turned as another tab turns it, the window resized).
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import {
  FixedClock,
  SCREENSHOT_DIR,
  describeInBrowser,
  pageSettled,
  eventually,
  signInWithPassword,
  signedInUser,
  staffSession,
  waitFor,
  waitForPath,
  type StaffSession,
} from '#app/testing';
import { DECLINED, call, newKey, startCommercePlatform } from '../api/commerce-fixtures.js';
import { sharedBrowser, showColorScheme } from './shared-browser.js';

const clock = new FixedClock(new Date());
const STEP_TIMEOUT = 30_000;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWPORTS = [
  ['375', { width: 375, height: 812 }],
  ['1366x768', { width: 1366, height: 768 }],
] as const;

let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
let admin: StaffSession;
let declinedFan: { email: string; password: string };
const ids: Record<'claimedItem' | 'openItem' | 'adminItem' | 'claimedSubmission' | 'claimedCase' | 'declined', string> =
  {} as never;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
/** A first visit: no cookie choice stored yet. */
const visitor = () => browsers.open(shop.platform.baseUrl, { cookieConsentStored: false });

/** A submitted item waiting for review, with one processed file (the upload pipeline has its own suite). */
async function pendingItem(kind: 'video' | 'album', title: string): Promise<string> {
  const id = randomUUID();
  const now = clock.now();
  const db = shop.db();
  await db.execute(
    `insert into content_items (id, creator_id, kind, title, price_minor, currency, status, submitted_at, created_at, updated_at)
     values (?, ?, ?, ?, 1500, 'USD', 'pending_review', ?, ?, ?)`,
    [id, shop.creator.userId, kind, title, now, now, now],
  );
  await db.execute(
    `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, thumbnail_key, clean_key, position, created_at)
     values (?, ?, ?, ?, ?, 'original.bin', 1000, 'ready', 'thumb.jpg', 'clean.bin', 0, ?)`,
    [randomUUID(), id, `upload-${id}`, kind === 'video' ? 'video' : 'image', kind === 'video' ? 'mp4' : 'jpeg', now],
  );
  return id;
}

const photo = (seed: number) =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 60 + seed, g: 90, b: 150 } } })
    .jpeg()
    .toBuffer();

/** A new account's identity verification, waiting in the queue; answers its queue id. */
async function pendingSubmission(fullName: string): Promise<string> {
  const account = await signedInUser(shop.platform);
  const form = new FormData();
  form.append('fullName', fullName);
  form.append('dateOfBirth', '1996-05-14');
  form.append('country', 'IE');
  form.append('userPhotoWithId', new Blob([new Uint8Array(await photo(1))], { type: 'image/jpeg' }), 'selfie.jpg');
  form.append('idPhoto', new Blob([new Uint8Array(await photo(2))], { type: 'image/jpeg' }), 'id.jpg');
  const submitted = await fetch(`${shop.platform.baseUrl}/api/verify-user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.session.access_token}` },
    body: form,
  });
  expect(submitted.status).toBe(201);
  const queue = await call(shop.platform, 'GET', '/api/admin/verifications', shop.moderator.token);
  return (queue.body.items as { id: string; userId: string }[]).find((item) => item.userId === account.session.user.id)!
    .id;
}

async function ok(answer: Promise<{ status: number; text: string }>) {
  const { status, text } = await answer;
  if (status >= 300) throw new Error(`${status} ${text}`);
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            context: unknown,
            options: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  });
}

/** Badges on screen whose text is cut off (an ellipsis or clipped by the badge). */
function truncatedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('.mantine-Badge-root, .mantine-Badge-label'))
      .filter(
        (node) =>
          node.getClientRects().length > 0 &&
          (node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1),
      )
      .map((node) => node.textContent ?? ''),
  );
}

/**
 * Controls inside `scope` (an open dialog or drawer) that something else covers: for each control whose
 * centre is on screen in the scope's visible box, the topmost element there must be the control (or
 * inside it), and no toast may overlap it.
 */
function coveredControls(page: Page, scope: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const box = (node: Element) => node.getBoundingClientRect();
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const toasts = Array.from(document.querySelectorAll('.mantine-Notification-root')).map(box);
    const problems: string[] = [];
    for (const container of Array.from(document.querySelectorAll(selector))) {
      const clip = box(container);
      const controls = container.querySelectorAll<HTMLElement>(
        'a[href], button, input, textarea, select, [role="button"]',
      );
      for (const control of Array.from(controls)) {
        const rect = box(control);
        if (rect.width === 0 || rect.height === 0) continue;
        const x = rect.left + rect.width / 2;
        const y = rect.top + rect.height / 2;
        if (
          y < Math.max(clip.top, 0) ||
          y > Math.min(clip.bottom, window.innerHeight) ||
          x < clip.left ||
          x > clip.right
        )
          continue;
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.tagName;
        const top = document.elementFromPoint(x, y);
        if (!top || !(control === top || control.contains(top)))
          problems.push(`${name} is under ${top?.className || top?.tagName}`);
        if (toasts.some((toast) => overlaps(toast, rect))) problems.push(`${name} is under a toast`);
      }
    }
    return problems;
  }, scope);
}

/** Samples `coveredControls` for the whole life of a toast (5 s) and a little more. */
async function watchWhileToastShows(
  page: Page,
  scope: string,
  toast: string,
): Promise<{ samples: number; problems: string[] }> {
  await page.locator('.mantine-Notification-root').filter({ hasText: toast }).waitFor({ timeout: STEP_TIMEOUT });
  const problems = new Set<string>();
  let samples = 0;
  // Sampled for as long as the toast shows (it closes itself after a few seconds).
  const shown = page.locator('.mantine-Notification-root').filter({ hasText: toast });
  await waitFor(
    async () => {
      for (const problem of await coveredControls(page, scope)) problems.add(problem);
      samples++;
      return (await shown.count()) === 0;
    },
    { timeoutMs: 15_000, intervalMs: 200, what: `the toast "${toast}" to close` },
  );
  return { samples, problems: [...problems] };
}

/**
 * Opens the mobile menu. A prerendered page answers clicks only once React has hydrated it, which
 * on a busy machine can take a few seconds after load: click again until the drawer is there.
 */
async function openMenu(page: Page) {
  const menu = page.getByRole('dialog', { name: 'Menu' });
  for (let attempt = 0; attempt < 20; attempt++) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    if (
      await menu.waitFor({ timeout: 1_000 }).then(
        () => true,
        () => false,
      )
    )
      return menu;
  }
  throw new Error('the mobile menu did not open');
}

async function setTheme(page: Page, theme: 'light' | 'dark') {
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
}

/**
 * Every page at 375 px and 1366×768 in light and dark: axe finds nothing and no badge is cut
 * short; a screenshot of each. `ready` waits for what the page must show. Each page is loaded
 * once, then turned to each theme and size in place.
 */
async function lookAt(
  page: Page,
  pages: Array<{ name: string; url: string; ready: (page: Page) => Promise<unknown> }>,
) {
  const found: unknown[] = [];
  for (const { name, url, ready } of pages) {
    await page.setViewportSize(VIEWPORTS[0][1]);
    await page.goto(url);
    await ready(page);
    for (const theme of ['light', 'dark'] as const) {
      await showColorScheme(page, theme);
      for (const [label, viewport] of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await ready(page);
        await pageSettled(page);
        await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${label}-${theme}.png`, fullPage: true });
        const violations = await axeViolations(page);
        const truncated = await truncatedBadges(page);
        if (violations.length || truncated.length) found.push({ name, theme, label, violations, truncated });
      }
    }
  }
  expect(found).toEqual([]);
}

/** The console with this staff member's aal2 session, as the sign-in page leaves it (its own suites cover that page). */
async function openConsole(staff: StaffSession): Promise<Page> {
  const page = await browsers.open(shop.platform.baseUrl);
  const { data } = await staff.client.getSession();
  await page.goto('/admin/sign-in');
  await page.evaluate((session) => {
    localStorage.setItem('fanmint-admin-auth', JSON.stringify(session));
    localStorage.setItem('adminToken', session.access_token);
  }, data.session!);
  await page.goto('/admin/verifications');
  await page.getByRole('heading', { name: 'Verification queue' }).waitFor({ timeout: STEP_TIMEOUT });
  return page;
}

const heading = (name: string) => (page: Page) =>
  page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: STEP_TIMEOUT });
const button = (name: string) => (page: Page) =>
  page.getByRole('button', { name, exact: true }).and(page.locator(':enabled')).waitFor({ timeout: STEP_TIMEOUT });

describeInBrowser('console contrast, badges and overlays in the browser', () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    shop = await startCommercePlatform(clock);
    admin = await staffSession(shop.platform, 'admin', () => clock.now());
    const moderator = shop.moderator.token;

    ids.claimedItem = await pendingItem('album', 'Harbour Lights at Dawn, the Complete Photo Set');
    ids.openItem = await pendingItem('video', 'Rain Tape');
    ids.adminItem = await pendingItem('album', 'Blue Room');
    await ok(call(shop.platform, 'POST', `/api/admin/content/${ids.claimedItem}/claim`, moderator));
    await ok(call(shop.platform, 'POST', `/api/admin/content/${ids.adminItem}/claim`, admin.token));

    ids.claimedSubmission = await pendingSubmission('Morgan Avery-Fitzgerald');
    await pendingSubmission('Sam Lee');
    await ok(call(shop.platform, 'POST', `/api/admin/verifications/${ids.claimedSubmission}/claim`, moderator));

    const live = await shop.approvedItem('album', 1800, 'Morning Light');
    const fan = await shop.newFan();
    const report = await call(shop.platform, 'POST', '/api/moderation/reports', fan.session.access_token, {
      subjectType: 'content',
      subjectId: live,
      reason: 'spam',
      details: 'This album repeats the same photo forty times.',
    });
    expect(report.status).toBe(201);
    const cases = await call(shop.platform, 'GET', '/api/admin/moderation/cases?kind=report', moderator);
    ids.claimedCase = (cases.body.items as { id: string; subjectId: string }[]).find(
      (item) => item.subjectId === live,
    )!.id;
    await ok(call(shop.platform, 'POST', `/api/admin/moderation/cases/${ids.claimedCase}/claim`, moderator));

    // A declined card on the acquirer's page, then the checkout lapses: the fan comes back to it.
    const tip = await call(
      shop.platform,
      'POST',
      '/api/purchases',
      fan.session.access_token,
      { kind: 'tip', storeSlug: shop.slug, amountMinor: 500, method: 'card' },
      { 'idempotency-key': newKey() },
    );
    expect(tip.status).toBe(201);
    ids.declined = tip.body.id;
    await shop.settle(ids.declined, DECLINED);
    await shop.acquirer.request(
      'POST',
      `/v1/test/checkout_sessions/${(await shop.purchaseRow(ids.declined)).checkout_id}/expire`,
    );
    await eventually(
      () => shop.purchaseStatus(ids.declined),
      (status) => status === 'failed' || status === 'expired',
      STEP_TIMEOUT,
    );
    declinedFan = fan;
    await shop.platform.drain();
  }, 180_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000);
    await shop?.platform.close();
  });

  it("a moderator's queues and claimed items (Accept, Approve, Reject, Resolve live) pass axe and show whole badges", async () => {
    const page = await openConsole(shop.moderator);
    await lookAt(page, [
      {
        name: 'console-mod-verifications',
        url: '/admin/verifications',
        ready: (p) =>
          p.getByText('Claimed by you').filter({ visible: true }).first().waitFor({ timeout: STEP_TIMEOUT }),
      },
      {
        name: 'console-mod-verification',
        url: `/admin/verifications/${ids.claimedSubmission}`,
        ready: button('Accept'),
      },
      {
        name: 'console-mod-content',
        url: '/admin/content',
        ready: (p) =>
          p.getByText('Claimed by you').filter({ visible: true }).first().waitFor({ timeout: STEP_TIMEOUT }),
      },
      { name: 'console-mod-content-item', url: `/admin/content/${ids.claimedItem}`, ready: button('Approve') },
      {
        name: 'console-mod-cases',
        url: '/admin/moderation',
        ready: (p) =>
          p.getByText('Claimed by you').filter({ visible: true }).first().waitFor({ timeout: STEP_TIMEOUT }),
      },
      { name: 'console-mod-case', url: `/admin/moderation/${ids.claimedCase}`, ready: button('Resolve') },
    ]);
  }, 300_000);

  it("an admin's queues, users and settings pass axe and show whole badges", async () => {
    const page = await openConsole(admin);
    await lookAt(page, [
      {
        name: 'console-admin-verifications',
        url: '/admin/verifications',
        ready: (p) =>
          p
            .getByText(/Claimed by /)
            .filter({ visible: true })
            .first()
            .waitFor({ timeout: STEP_TIMEOUT }),
      },
      {
        name: 'console-admin-content',
        url: '/admin/content',
        ready: (p) =>
          p.getByText('Claimed by you').filter({ visible: true }).first().waitFor({ timeout: STEP_TIMEOUT }),
      },
      { name: 'console-admin-content-item', url: `/admin/content/${ids.adminItem}`, ready: button('Approve') },
      {
        name: 'console-admin-cases',
        url: '/admin/moderation',
        ready: (p) => p.getByRole('table', { name: 'Open cases' }).waitFor({ timeout: STEP_TIMEOUT }),
      },
      {
        name: 'console-admin-users',
        url: '/admin/users',
        ready: (p) => p.getByText(admin.email).first().waitFor({ timeout: STEP_TIMEOUT }),
      },
      { name: 'console-admin-site-password', url: '/admin/site-password', ready: heading('Site password') },
    ]);
  }, 300_000);

  it('the checkout return page after a declined card passes axe in light and dark', async () => {
    const page = await browsers.open(shop.platform.baseUrl);
    await signInWithPassword(page, declinedFan.email, declinedFan.password);
    await waitForPath(page, '/dashboard');
    await lookAt(page, [
      {
        name: 'checkout-return-declined',
        url: `/checkout/return?purchase=${ids.declined}`,
        ready: (p) => p.getByText(/Your card was declined/).waitFor({ timeout: STEP_TIMEOUT }),
      },
    ]);
  }, 120_000);
  it('on a phone a toast covers no control of an open dialog, short or tall, for its 5 s', async () => {
    const page = await openConsole(shop.moderator);
    await setTheme(page, 'light');
    // The server refuses the decision (a lapsed claim): the dialog stays open and a toast says why.
    await page.route('**/api/admin/content/*/approve', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          code: 'claim_lost',
          message: 'Your claim on this item has lapsed. Claim it again.',
        }),
      }),
    );
    await page.route('**/api/admin/content/*/reject', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 409,
          code: 'claim_lost',
          message: 'Your claim lapsed before the rejection was saved.',
        }),
      }),
    );
    for (const [label, viewport] of [
      ['375x812', { width: 375, height: 812 }],
      ['375x560', { width: 375, height: 560 }],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`/admin/content/${ids.claimedItem}`);
      await button('Approve')(page);
      await page.getByRole('button', { name: 'Approve', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Approve this content?' });
      await confirm.getByRole('button', { name: 'Approve content' }).click();
      const approve = await watchWhileToastShows(
        page,
        '.mantine-Modal-content',
        'Your claim on this item has lapsed. Claim it again.',
      );
      expect({ label, ...approve }).toEqual({ label, samples: expect.any(Number), problems: [] });
      expect(approve.samples).toBeGreaterThan(10);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });

      // The reason dialog is the tallest: on a short phone it scrolls inside the space above the toast.
      await page.getByRole('button', { name: 'Reject', exact: true }).click();
      const reject = page.getByRole('dialog', { name: 'Reject this content' });
      await reject.getByLabel(/^Reason for rejection/).fill('The person at 02:14 is not on the collaborator list.');
      await reject.getByRole('button', { name: 'Reject content' }).click();
      await page
        .locator('.mantine-Notification-root')
        .filter({ hasText: 'Your claim lapsed' })
        .waitFor({ timeout: STEP_TIMEOUT });
      await pageSettled(page);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/console-toast-over-dialog-${label}.png` });
      const dialogBottom = (await reject
        .locator('xpath=ancestor-or-self::*[contains(@class, "mantine-Modal-content")]')
        .first()
        .boundingBox())!;
      const toastTop = (await page.locator('.mantine-Notification-root').first().boundingBox())!;
      expect(dialogBottom.y + dialogBottom.height).toBeLessThanOrEqual(toastTop.y);
      const rejecting = await watchWhileToastShows(page, '.mantine-Modal-content', 'Your claim lapsed');
      expect({ label, ...rejecting }).toEqual({ label, samples: expect.any(Number), problems: [] });
      await reject.getByRole('button', { name: 'Cancel' }).click();
      await reject.waitFor({ state: 'hidden' });
    }
    await page.unroute('**/api/admin/content/*/approve');
    await page.unroute('**/api/admin/content/*/reject');
  }, 120_000);

  it('on a phone a toast covers nothing of the open mobile menu, and the cookie banner never sits on top of it', async () => {
    const page = await visitor();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.waitFor({ timeout: 5_000 });
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Roadmap' }).waitFor();
    await pageSettled(page);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/cookie-banner-under-menu-375.png` });
    expect(await coveredControls(page, '.mantine-Drawer-content')).toEqual([]);
    // The banner is still waiting for an answer, under the menu: its buttons cannot be hit through it.
    const accept = (await banner.getByRole('button', { name: 'Accept All' }).boundingBox())!;
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[aria-label="Cookie consent"]') !== null,
      [accept.x + accept.width / 2, accept.y + accept.height / 2],
    );
    expect(hit).toBe(false);
    await menu.getByRole('link', { name: 'Roadmap' }).click();
    await waitForPath(page, '/roadmap');
    await menu.waitFor({ state: 'hidden' });
    await banner.waitFor();

    // The menu opened before the banner's 1 s delay: the banner comes up under it.
    const early = await visitor();
    await early.setViewportSize({ width: 375, height: 812 });
    await early.goto('/');
    await (await openMenu(early)).getByRole('link', { name: 'Stores' }).waitFor();
    await early.getByRole('region', { name: 'Cookie consent' }).waitFor({ timeout: 5_000 });
    await pageSettled(early);
    expect(await coveredControls(early, '.mantine-Drawer-content')).toEqual([]);

    // A toast (a verification link without its token) with the menu open: the menu ends above it.
    await early.keyboard.press('Escape');
    await early.getByRole('region', { name: 'Cookie consent' }).getByRole('button', { name: 'Essential Only' }).click();
    await early.goto('/verify-email');
    await waitForPath(early, '/sign-in');
    await (await openMenu(early)).getByRole('link', { name: 'Roadmap' }).waitFor();
    await pageSettled(early);
    await early.screenshot({ path: `${SCREENSHOT_DIR}/toast-under-menu-375.png` });
    const watched = await watchWhileToastShows(early, '.mantine-Drawer-content', 'Invalid verification token.');
    expect(watched.problems).toEqual([]);
  }, 120_000);
});
