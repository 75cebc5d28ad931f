// Stores, content review and moderation through the real SPA in Debian's Chromium, against a
// live-phase platform (SPEC §3 Store and content, §8 Moderation): a verified creator opens a store
// and uploads a photo album with tus (a progress bar per file), submits it; a moderator approves it
// in the console; a fan sees it in the store and reports it; the report shows in the console with
// its deadline countdown; finally a video upload survives a dropped connection by resuming from the
// server's offset instead of starting over.
// The api serves frontend/dist at the same origin, so run `npm run build:web` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import { MikroORM } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Request } from 'playwright-core';
import {
  createConfirmedUser,
  describeInBrowser,
  eventually,
  executableMissing,
  freshTotp,
  OATHTOOL,
  signInWithPassword,
  staffSession,
  startTestPlatform,
  verifiedCreator,
  waitForPath,
  waitForToast,
  type BrowserSession,
  type StaffSession,
  type TestPlatform,
} from '#app/testing';
import { sharedBrowser } from './shared-browser.js';

/** One Chromium for the file, a context per browser the tests open. */
const browsers = sharedBrowser({ timeoutMs: 10_000 });
afterAll(() => browsers.closeAll());

const RUN = randomBytes(4).toString('hex');
const STORE_NAME = `E2E Store ${RUN}`;
const SLUG = `e2e-store-${RUN}`;
const ALBUM_TITLE = `Browser album ${RUN}`;
const VIDEO_TITLE = `Browser video ${RUN}`;
const PHOTO_NAMES = [`dunes-${RUN}.jpg`, `harbour-${RUN}.jpg`, `forest-${RUN}.jpg`];
const VIDEO_NAME = `clip-${RUN}.mp4`;
const REPORT_DETAILS = `Browser test report ${RUN}: this album looks like spam to me.`;
const STEP_TIMEOUT = 60_000;

let platform: TestPlatform;
let storageDir: string;
const sessions: BrowserSession[] = [];
let creator: Page;
let moderator: Page;
let fan: Page;
let albumId: string;
let staff: StaffSession;

async function browser(): Promise<Page> {
  const session = await browsers.session(platform.baseUrl, { cookieConsentStored: true, timeoutMs: 20_000 });
  sessions.push(session);
  return session.page;
}

const db = () => platform.api.get(MikroORM).em.fork();

/** ~1.5 MB of noise as a JPEG: big enough that its progress bar is on screen for a moment. */
const noisyPhoto = (seed: number) => {
  const width = 1600;
  const height = 1200;
  const pixels = randomBytes(width * height * 3);
  pixels[0] = seed;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
};

/** A noisy MP4 of ~13 MB: two tus chunks of at most 8 MB, so there is a second PATCH to drop. */
function noisyVideo(): Buffer {
  const path = join(storageDir, 'upload-source.mp4');
  execFileSync(ffmpegInstaller.path, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=6:size=640x360:rate=25',
    '-vf',
    'noise=alls=60:allf=t+u',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '16M',
    '-pix_fmt',
    'yuv420p',
    '-y',
    path,
  ]);
  return readFileSync(path);
}

/**
 * Records in the page every value each upload progress bar shows (the row leaves the list as soon as
 * the item lists the file, so a single read could miss the 100 %), and every upload status text.
 */
const RECORD_PROGRESS = `(() => {
  const seen = (window.__progress = window.__progress || {});
  const statuses = (window.__uploadStatuses = window.__uploadStatuses || []);
  const scan = () => {
    for (const bar of document.querySelectorAll('[role=progressbar][aria-label^="Upload progress of "]')) {
      const name = bar.getAttribute('aria-label').slice('Upload progress of '.length);
      const value = Number(bar.getAttribute('aria-valuenow'));
      const values = (seen[name] = seen[name] || []);
      if (values[values.length - 1] !== value) values.push(value);
    }
    for (const row of document.querySelectorAll('[data-testid=upload-row] [aria-live=polite]')) {
      const text = row.textContent;
      if (statuses[statuses.length - 1] !== text) statuses.push(text);
    }
  };
  if (!window.__progressObserver) {
    window.__progressObserver = new MutationObserver(scan);
    window.__progressObserver.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  }
  scan();
})()`;

const progressSeen = (page: Page) => page.evaluate('window.__progress || {}') as Promise<Record<string, number[]>>;
const statusesSeen = (page: Page) => page.evaluate('window.__uploadStatuses || []') as Promise<string[]>;

const contentIdOf = (page: Page) => new URL(page.url()).searchParams.get('item');

async function createDraft(page: Page, kind: 'album' | 'video', title: string, price: string): Promise<string> {
  await page
    .getByRole('button', { name: kind === 'album' ? 'New album' : 'New video' })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: kind === 'album' ? 'New album' : 'New video' });
  await dialog.getByLabel(/^Title/).fill(title);
  await dialog.getByLabel(/^Price/).fill(price);
  await dialog.getByRole('button', { name: 'Create draft' }).click();
  await waitForToast(
    page,
    kind === 'album' ? 'Draft created. Upload its photos next.' : 'Draft created. Upload its video next.',
  );
  // The new draft opens in the item panel (?item=<id>).
  await page.getByRole('dialog', { name: title }).waitFor();
  const id = await eventually(() => contentIdOf(page), Boolean);
  return id!;
}

describeInBrowser(
  'stores, content review and moderation in the browser',
  () => {
    beforeAll(async () => {
      storageDir = mkdtempSync(join(tmpdir(), 'fanmint-stores-browser-'));
      platform = await startTestPlatform({ env: { LAUNCH_PHASE: 'live', STORAGE_DIR: storageDir } });
    }, STEP_TIMEOUT);

    afterAll(async () => {
      while (sessions.length) await sessions.pop()!.close();
      await platform?.close();
      if (storageDir) rmSync(storageDir, { recursive: true, force: true });
    }, STEP_TIMEOUT);

    it(
      'a verified creator opens a store, uploads an album with a progress bar per file and submits it for review',
      async () => {
        // The moderator's session is made first: its TOTP step is spent, and by the console sign-in
        // (next test) a fresh oathtool code is usually available without waiting for the next step.
        staff = await staffSession(platform, 'moderator');
        const account = await verifiedCreator(platform, { moderator: staff });
        creator = await browser();
        await signInWithPassword(creator, account.email, account.password);
        await waitForPath(creator, '/dashboard');

        await creator.goto('/dashboard/mystoresettings');
        const openForm = creator.getByRole('region', { name: 'Open your store' });
        await openForm.getByLabel(/^Store name/).fill(STORE_NAME);
        await openForm.getByLabel(/^Store address/).fill(SLUG);
        await openForm.getByText(`${SLUG} is available`).waitFor();
        await openForm.getByRole('button', { name: 'Open my store' }).click();
        await waitForToast(creator, 'Your store is open');

        await creator.goto('/dashboard/photo-albums');
        await creator.getByRole('heading', { name: 'My Photo Albums', level: 1 }).waitFor();
        albumId = await createDraft(creator, 'album', ALBUM_TITLE, '12.50');
        const panel = creator.getByRole('dialog', { name: ALBUM_TITLE });
        await panel.getByText('Draft', { exact: true }).waitFor();

        await creator.evaluate(RECORD_PROGRESS);
        const photos = await Promise.all(
          PHOTO_NAMES.map(async (name, index) => ({ name, mimeType: 'image/jpeg', buffer: await noisyPhoto(index) })),
        );
        for (const photo of photos) expect(photo.buffer.length).toBeGreaterThan(1024 * 1024);
        await panel.locator('input[type=file]').setInputFiles(photos);

        // Each file gets its own progress bar, which fills up to 100 %.
        await panel
          .getByRole('progressbar', { name: `Upload progress of ${PHOTO_NAMES[0]}` })
          .waitFor({ state: 'attached' });
        const progress = await eventually(
          () => progressSeen(creator),
          (seen) => PHOTO_NAMES.every((name) => seen[name]?.includes(100)),
          30_000,
        );
        for (const name of PHOTO_NAMES) {
          expect(progress[name][0]).toBeLessThan(100);
          expect(progress[name]).toEqual([...progress[name]].sort((a, b) => a - b)); // never goes back
        }

        // The worker makes the thumbnails; the panel shows them once the media are ready.
        await platform.drain(30_000);
        const grid = panel.locator('[aria-label="Photos in this album, in order"]');
        for (const name of PHOTO_NAMES) await grid.getByRole('img', { name }).waitFor({ timeout: 30_000 });
        await eventually(
          () =>
            grid
              .locator('img')
              .evaluateAll(
                (nodes) =>
                  nodes.filter((node) => (node as unknown as { naturalWidth: number }).naturalWidth > 0).length,
              ),
          (loaded) => loaded === PHOTO_NAMES.length,
        );
        const media = await db().execute<{ status: string }[]>(
          `select status from content_media where content_id = ? order by position`,
          [albumId],
        );
        expect(media.map((row) => row.status)).toEqual(['ready', 'ready', 'ready']);

        await panel.getByRole('button', { name: 'Submit for review' }).click();
        await waitForToast(creator, 'Submitted for review. We will email you when a moderator has decided.');
        await panel.getByText('Pending Review', { exact: true }).waitFor();
        await panel.getByRole('button', { name: 'Close' }).click();
        await creator
          .getByRole('article', { name: ALBUM_TITLE })
          .getByText('Pending Review', { exact: true })
          .waitFor();
      },
      STEP_TIMEOUT,
    );

    it(
      'a moderator claims and approves the album in the console; it leaves the pending tab',
      async () => {
        expect(albumId).toBeTruthy();
        moderator = await browser();
        await moderator.goto('/admin/sign-in');
        await moderator.getByLabel(/^Email/).fill(staff.email);
        await moderator.getByLabel(/^Password/).fill(staff.password);
        await moderator.getByRole('button', { name: 'Continue' }).click();
        await moderator.getByLabel(/^Authentication code/).fill(await freshTotp(staff.totpSecret));
        await moderator.getByRole('button', { name: 'Verify' }).click();
        await waitForPath(moderator, '/admin/verifications');

        await moderator.getByRole('link', { name: 'Content review' }).first().click();
        await waitForPath(moderator, '/admin/content');
        await moderator.getByRole('link', { name: ALBUM_TITLE }).click();
        await waitForPath(moderator, `/admin/content/${albumId}`);
        await moderator.getByRole('heading', { name: ALBUM_TITLE }).waitFor();
        await moderator.getByRole('button', { name: 'Claim' }).click();
        await moderator.getByRole('button', { name: 'Release' }).waitFor();
        await moderator.getByRole('button', { name: 'Approve', exact: true }).click();
        const confirm = moderator.getByRole('dialog', { name: 'Approve this content?' });
        await confirm.getByRole('button', { name: 'Approve content' }).click();
        await waitForPath(moderator, '/admin/content');
        await moderator.getByRole('link', { name: ALBUM_TITLE }).waitFor({ state: 'detached' });

        const [item] = await db().execute<{ status: string; decided_by: string }[]>(
          `select status, decided_by from content_items where id = ?`,
          [albumId],
        );
        expect(item).toEqual({ status: 'approved', decided_by: staff.userId });
        await creator.reload();
        await creator.getByRole('article', { name: ALBUM_TITLE }).getByText('Approved', { exact: true }).waitFor();
      },
      STEP_TIMEOUT + 30_000,
    ); // freshTotp may wait up to 30 s for an unused time step

    it(
      'a signed-in fan sees the approved album in the store, with its thumbnail',
      async () => {
        expect(albumId).toBeTruthy();
        const account = await createConfirmedUser(platform);
        fan = await browser();
        await signInWithPassword(fan, account.email, account.password);
        await waitForPath(fan, '/dashboard');

        await fan.goto(`/stores/${SLUG}`);
        await fan.getByRole('heading', { name: STORE_NAME }).first().waitFor();
        const card = fan.getByRole('article', { name: ALBUM_TITLE });
        await card.waitFor();
        await card.getByText(`Album · ${PHOTO_NAMES.length} photos`).waitFor();
        await card.getByText(/12\.50/).waitFor();
        const thumbnail = card.locator('img');
        await thumbnail.scrollIntoViewIfNeeded();
        await eventually(
          () => thumbnail.evaluate((node) => (node as unknown as { naturalWidth: number }).naturalWidth),
          (width) => width > 0,
        );
      },
      STEP_TIMEOUT,
    );

    it(
      'the fan reports the album; the report shows in the console with its 48 h countdown',
      async () => {
        expect(albumId).toBeTruthy();
        const card = fan.getByRole('article', { name: ALBUM_TITLE });
        await card.getByRole('button', { name: `More actions for ${ALBUM_TITLE}` }).click();
        await fan.getByRole('menuitem', { name: 'Report' }).click();
        const dialog = fan.getByRole('dialog', { name: `Report “${ALBUM_TITLE}”` });
        await dialog.getByLabel(/^Reason/).selectOption('spam');
        await dialog.getByLabel(/^Details/).fill(REPORT_DETAILS);
        await dialog.getByRole('button', { name: 'Send report' }).click();
        await dialog
          .getByRole('status')
          .filter({ hasText: 'Thanks — our team reviews every report within 48 hours.' })
          .waitFor();
        expect(await dialog.getByRole('status').innerText()).toBe(
          'Thanks — our team reviews every report within 48 hours.',
        );

        const [report] = await db().execute<{ id: string; kind: string; reason: string; hours: number }[]>(
          `select id, kind, reason, extract(epoch from due_at - opened_at) / 3600 as hours from moderation_cases where subject_type = 'content' and subject_id = ? and details = ?`,
          [albumId, REPORT_DETAILS],
        );
        expect(report).toMatchObject({ kind: 'report', reason: 'spam' });
        expect(Number(report.hours)).toBe(48);

        await moderator.getByRole('link', { name: 'Moderation cases' }).first().click();
        await waitForPath(moderator, '/admin/moderation');
        await moderator.getByRole('tab', { name: /^Reports/, selected: true }).waitFor();
        const row = moderator.getByRole('table', { name: 'Open cases' }).getByRole('row').filter({ hasText: albumId });
        await row.getByRole('link', { name: 'Spam', exact: true }).waitFor();
        const countdown = row.getByText(/ left$/);
        // A fresh report has just under 48 hours: the countdown shows days and hours.
        const first = (await countdown.innerText()).trim();
        expect(first).toBe('1 d 23 h left');
        expect(await row.locator('[data-stage]').getAttribute('data-stage')).toBe('on_time');
        expect(await row.locator('[data-stage]').getAttribute('title')).toMatch(/^Due /);

        // It counts down in the page, without asking the server again: an hour later (on the browser's
        // clock, with the list's refresh held back) it shows an hour less.
        await moderator.clock.install();
        await moderator.reload();
        await row.getByText(/ left$/).waitFor();
        expect((await row.getByText(/ left$/).innerText()).trim()).toBe('1 d 23 h left');
        await moderator.route('**/api/admin/moderation/cases?**', (route) => route.abort());
        await moderator.clock.fastForward('01:00:00');
        await eventually(
          async () => (await row.getByText(/ left$/).innerText()).trim(),
          (text) => text === '1 d 22 h left',
        );
        await moderator.unroute('**/api/admin/moderation/cases?**');
      },
      STEP_TIMEOUT,
    );

    it(
      'a video upload survives a dropped connection: tus resumes from the server offset instead of starting over',
      async () => {
        const clip = noisyVideo();
        expect(clip.length).toBeGreaterThan(9 * 1024 * 1024);
        await creator.goto('/dashboard/my-videos');
        await creator.getByRole('heading', { name: 'My Videos', level: 1 }).waitFor();
        const videoId = await createDraft(creator, 'video', VIDEO_TITLE, '7.00');
        const panel = creator.getByRole('dialog', { name: VIDEO_TITLE });

        const seen: { method: string; offset: number | null; aborted: boolean }[] = [];
        let patches = 0;
        const offsetOf = (request: Request) => {
          const value = request.headers()['upload-offset'];
          return value === undefined ? null : Number(value);
        };
        await creator.route('**/api/uploads**', async (route) => {
          const request = route.request();
          const method = request.method();
          if (method === 'PATCH') patches += 1;
          // The second PATCH (after the first chunk was stored) loses its connection, once.
          const drop = method === 'PATCH' && patches === 2;
          seen.push({ method, offset: offsetOf(request), aborted: drop });
          if (drop) await route.abort('connectionreset');
          else await route.continue();
        });

        await creator.evaluate(RECORD_PROGRESS);
        await panel
          .locator('input[type=file]')
          .setInputFiles({ name: VIDEO_NAME, mimeType: 'video/mp4', buffer: clip });
        const progress = await eventually(
          () => progressSeen(creator),
          (values) => Boolean(values[VIDEO_NAME]?.includes(100)),
          45_000,
        );
        expect(progress[VIDEO_NAME][0]).toBeLessThan(100);
        await creator.unroute('**/api/uploads**');

        const dropped = seen.findIndex((entry) => entry.aborted);
        expect(dropped).toBeGreaterThan(0);
        const firstPatch = seen.find((entry) => entry.method === 'PATCH')!;
        expect(firstPatch.offset).toBe(0);
        const after = seen.slice(dropped + 1);
        // The client asked the server how far it got (HEAD), then sent the rest from there.
        expect(after.map((entry) => entry.method)).toContain('HEAD');
        const resumed = after.find((entry) => entry.method === 'PATCH');
        expect(resumed?.offset).toBeGreaterThan(0);
        expect(resumed?.offset).toBe(seen[dropped].offset);
        expect(seen.filter((entry) => entry.method === 'POST')).toHaveLength(1); // never created again
        expect(await statusesSeen(creator)).toContain('Connection lost: reconnecting...');

        // The worker processes the file; the panel then plays it.
        await platform.drain(30_000);
        await panel.locator(`video[aria-label="Preview of ${VIDEO_NAME}"]`).waitFor({ timeout: 30_000 });
        const media = await db().execute<{ status: string; size_bytes: string }[]>(
          `select status, size_bytes from content_media where content_id = ?`,
          [videoId],
        );
        expect(media).toEqual([{ status: 'ready', size_bytes: String(clip.length) }]);
      },
      STEP_TIMEOUT,
    );
  },
  [
    () => executableMissing(OATHTOOL, 'apt-get install oathtool, or set OATHTOOL_PATH'),
    () => executableMissing(ffmpegInstaller.path, 'npm install @ffmpeg-installer/ffmpeg'),
  ],
);
