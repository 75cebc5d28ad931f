// Issue 33: an adult store's banner, avatar and blurred previews load in Debian's Chromium exactly
// where its page shows (an <img> sends no bearer token): not for a visitor or a fan before the age
// check, then yes; on a fan's fresh device after they confirmed elsewhere; in the owner's settings.
// The api serves frontend/dist at the same origin, so run `npm run build` first (npm test does).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { FixedClock, describeInBrowser, eventually, signInWithPassword, waitForPath } from '#app/testing';
import { sharedBrowser } from './shared-browser.js';
import { call, startCommercePlatform } from '../api/commerce-fixtures.js';

const clock = new FixedClock(new Date());
let shop: Awaited<ReturnType<typeof startCommercePlatform>>;
const browsers = sharedBrowser({ cookieConsentStored: true, timeoutMs: 20_000 });
const open = () => browsers.open(shop.platform.baseUrl);
const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 150, g: 60, b: 90 } } })
    .jpeg()
    .toBuffer();

/** For each <img> matching `selector`: whether the browser decoded it. */
const decoded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { naturalWidth: number }).naturalWidth > 0));
const allLoaded = (count: number) => (flags: boolean[]) => flags.length === count && flags.every(Boolean);

async function uploadImage(kind: 'banner' | 'avatar', bytes: Buffer) {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `${kind}.jpg`);
  const response = await fetch(`${shop.platform.baseUrl}/api/stores/mine/${kind}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${shop.creator.token}` },
    body: form,
  });
  expect(response.status).toBe(200);
}

describeInBrowser("an adult store's images", () => {
  const storeImages = () => `img[src*="/api/stores/${shop.slug}/images/"]`;

  beforeAll(async () => {
    shop = await startCommercePlatform(clock);
    expect(
      (
        await call(shop.platform, 'PATCH', '/api/stores/mine', shop.creator.token, {
          nsfw: { isNsfw: true, categories: ['adult-solo'] },
        })
      ).status,
    ).toBe(200);
    await uploadImage('banner', await picture(1600, 400));
    await uploadImage('avatar', await picture(400, 400));
    await shop.approvedItem('album', 700, 'Night set');
    // The fixture's item names a thumbnail file: put one there for its blurred preview.
    mkdirSync(join(shop.storageDir, 'media'), { recursive: true });
    writeFileSync(join(shop.storageDir, 'media', 'thumb.jpg'), await picture(600, 400));
  }, 120_000);

  afterAll(async () => {
    await browsers.closeAll();
    await shop?.platform.close();
  });

  it('show to an anonymous visitor only after the age check', async () => {
    const page = await open();
    await page.goto(`/stores/${shop.slug}`);
    const confirm = page.getByRole('button', { name: 'I am 18 or older' });
    await confirm.waitFor();
    expect(await decoded(page, storeImages())).toEqual([]);
    await confirm.click();
    await eventually(() => decoded(page, storeImages()), allLoaded(2));
    await eventually(() => decoded(page, 'img[src*="/blurred"]'), allLoaded(1));
  });

  it('show to a signed-in fan once asked for their age, and on a fresh device of a fan who confirmed it elsewhere', async () => {
    const fan = await shop.newFan();
    const page = await open();
    await signInWithPassword(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');
    await page.goto(`/stores/${shop.slug}`);
    const confirm = page.getByRole('button', { name: 'I am 18 or older' });
    await confirm.waitFor();
    expect(await decoded(page, storeImages())).toEqual([]);
    await confirm.click();
    await eventually(() => decoded(page, storeImages()), allLoaded(2));
    await eventually(() => decoded(page, 'img[src*="/blurred"]'), allLoaded(1));

    const elsewhere = await open();
    await signInWithPassword(elsewhere, fan.email, fan.password);
    await waitForPath(elsewhere, '/dashboard');
    await elsewhere.goto(`/stores/${shop.slug}`);
    await eventually(() => decoded(elsewhere, storeImages()), allLoaded(2));
    await eventually(() => decoded(elsewhere, 'img[src*="/blurred"]'), allLoaded(1));
  });

  it("show in the owner's store settings and on their store page", async () => {
    const page = await open();
    await signInWithPassword(page, shop.creator.email, shop.creator.password);
    await waitForPath(page, '/dashboard');
    await page.goto('/dashboard/mystoresettings');
    await eventually(() => decoded(page, 'img[alt="Your store banner"], img[alt="Your store avatar"]'), allLoaded(2));
    await page.goto(`/stores/${shop.slug}`);
    await eventually(() => decoded(page, storeImages()), allLoaded(2));
  });
});
