// Issue 20 in Debian's Chromium: the creator moves photos with the arrow buttons and picks the cover;
// both persist after a reload; a fan buys the album and its full-screen viewer shows the photos in
// the creator's order (arrow keys move, Escape closes). axe checks the arranger and the viewer.
// The api serves frontend/dist at the same origin, so run `npm run build:web` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { FixedClock, describeInBrowser, pageSettled, eventually, signInWithPassword, waitForPath } from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { call, startCommercePlatform } from '../api/commerce-fixtures.js';
import { axeViolations } from './axe.js';
import { checkOutAndPay } from './hosted-payment-page.js';

// This suite's periods are in 2037 (suites share one database; each uses its own years).
const clock = new FixedClock(new Date('2037-03-02T10:00:00Z'));
const STEP_TIMEOUT = 60_000;
const TITLE = 'Three Shapes';
/** Each photo has its own size, so the viewer's image tells which one it shows. */
const PHOTOS = [
  { name: 'wide.jpg', width: 1200, height: 600, colour: { r: 200, g: 60, b: 60 } },
  { name: 'tall.jpg', width: 600, height: 1000, colour: { r: 60, g: 160, b: 80 } },
  { name: 'square.jpg', width: 800, height: 800, colour: { r: 60, g: 80, b: 200 } },
];
let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
let albumId = '';
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });

async function shoot(page: Page, name: string) {
  for (const scheme of ['dark', 'light'] as const) {
    await page.evaluate((theme) => document.documentElement.setAttribute('data-mantine-color-scheme', theme), scheme);
    for (const [label, size] of [
      ['375', { width: 375, height: 812 }],
      ['1366x768', { width: 1366, height: 768 }],
      ['1280', { width: 1280, height: 900 }],
    ] as const) {
      await page.setViewportSize(size);
      await pageSettled(page);
      await page.screenshot({ path: `/tmp/browser-shots/${name}-${label}-${scheme}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const order = (page: Page) =>
  page
    .getByRole('list', { name: 'Photos in this album, in order' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));

describeInBrowser('albums as creators arrange them', () => {
  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    mkdirSync('/tmp/browser-shots', { recursive: true });
    // A processed album: real files where the worker puts them, rows as it leaves them; submitted and approved through the api.
    albumId = (
      await call(shop.platform, 'POST', '/api/content', shop.creator.token, {
        kind: 'album',
        title: TITLE,
        priceMinor: 700,
        currency: 'USD',
      })
    ).body.id;
    const media = join(shop.storageDir, 'media');
    mkdirSync(media, { recursive: true });
    for (const [position, photo] of PHOTOS.entries()) {
      const id = randomUUID();
      const source = sharp({
        create: { width: photo.width, height: photo.height, channels: 3, background: photo.colour },
      });
      writeFileSync(join(media, `${id}-clean.jpg`), await source.clone().jpeg().toBuffer());
      writeFileSync(join(media, `${id}-thumb.webp`), await source.clone().resize({ width: 480 }).webp().toBuffer());
      await shop.db().execute(
        `insert into content_media (id, content_id, upload_id, media_type, format, original_name, size_bytes, status, width, height, thumbnail_key, clean_key, position, created_at)
         values (?, ?, ?, 'image', 'jpeg', ?, 1000, 'ready', ?, ?, ?, ?, ?, ?)`,
        [
          id,
          albumId,
          `upload-${id}`,
          photo.name,
          photo.width,
          photo.height,
          `${id}-thumb.webp`,
          `${id}-clean.jpg`,
          position,
          clock.now(),
        ],
      );
    }
    expect((await call(shop.platform, 'POST', `/api/content/${albumId}/submit`, shop.creator.token)).status).toBe(200);
    for (const step of ['claim', 'approve'])
      expect(
        (await call(shop.platform, 'POST', `/api/admin/content/${albumId}/${step}`, shop.moderator.token)).status,
      ).toBe(200);
    await shop.platform.drain();
  }, 120_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.drain(30_000);
    await shop?.platform.close();
  });

  it('the creator reorders and picks a cover, it persists; a buyer views the photos in that order full screen', async () => {
    const creator = await browsers.open(shop.platform.baseUrl);
    await signInWithPassword(creator, shop.creator.email, shop.creator.password);
    await waitForPath(creator, '/dashboard');
    const openAlbum = async () => {
      await creator.goto(`${shop.platform.baseUrl}/dashboard/photo-albums`);
      await creator.getByRole('button', { name: `Open ${TITLE}` }).click();
      await creator.getByRole('list', { name: 'Photos in this album, in order' }).waitFor({ timeout: STEP_TIMEOUT });
    };
    await openAlbum();
    expect(await order(creator)).toEqual(['Photo 1, cover: wide.jpg', 'Photo 2: tall.jpg', 'Photo 3: square.jpg']);

    // square to the front with the keyboard (the focus follows the photo), then tall as the cover.
    await creator.getByRole('button', { name: 'Move photo 3 earlier' }).focus();
    await creator.keyboard.press('Enter');
    await creator.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move photo 2 earlier');
    await creator.keyboard.press('Enter');
    // No cover was chosen yet, so the cover is whichever photo comes first.
    const moved = ['Photo 1, cover: square.jpg', 'Photo 2: wide.jpg', 'Photo 3: tall.jpg'];
    expect(
      await eventually(
        () => order(creator),
        (now) => JSON.stringify(now) === JSON.stringify(moved),
      ),
    ).toEqual(moved);
    await creator.getByRole('button', { name: 'Make photo 3 the cover' }).click();
    await creator.getByRole('button', { name: 'photo 3 is the cover' }).waitFor({ timeout: STEP_TIMEOUT });
    expect(await axeViolations(creator, '[role="dialog"]')).toEqual([]);
    await shoot(creator, 'album-editor');

    await creator.reload();
    await openAlbum();
    expect(await order(creator)).toEqual(['Photo 1: square.jpg', 'Photo 2: wide.jpg', 'Photo 3, cover: tall.jpg']);

    const fan = await shop.newFan();
    const page = await browsers.open(shop.platform.baseUrl);
    await signInWithPassword(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');
    await page.goto(`${shop.platform.baseUrl}/stores/${shop.slug}`);
    await page.getByRole('button', { name: `Buy ${TITLE}` }).click();
    await checkOutAndPay(page);
    await page.getByRole('link', { name: 'Go to store' }).click();
    await waitForPath(page, `/stores/${shop.slug}`);
    await page.getByRole('button', { name: `Open ${TITLE}` }).click();
    await page.getByRole('button', { name: 'View photo 1 of 3' }).click();

    const shown = page.getByRole('img', { name: new RegExp(`^${TITLE}, photo \\d of 3$`) });
    const size = async () => {
      await page.waitForFunction(() =>
        [...document.querySelectorAll('img')].some(
          (img) => /photo \d of 3$/.test(img.alt) && img.complete && img.naturalWidth > 0,
        ),
      );
      return shown.evaluate(
        (img: HTMLImageElement) => `${img.naturalWidth}x${img.naturalHeight} ${getComputedStyle(img).objectFit}`,
      );
    };
    expect(await size()).toBe('800x800 contain');
    await page.getByText('1 / 3').waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByText('2 / 3').waitFor();
    expect(await size()).toBe('1200x600 contain');
    await page.keyboard.press('ArrowRight');
    expect(await size()).toBe('600x1000 contain');
    await page.keyboard.press('ArrowLeft');
    expect(await size()).toBe('1200x600 contain');
    expect(await axeViolations(page, '[data-album-viewer]')).toEqual([]);
    expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
    await shoot(page, 'album-viewer');
    await page.keyboard.press('Escape');
    await page.getByText('2 / 3').waitFor({ state: 'detached' });
  }, 240_000);
});
