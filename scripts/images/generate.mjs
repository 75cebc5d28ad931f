// Generates the site's images with headless Chromium (playwright-core + Debian's chromium).
//
//   PATH=/work/main/node_modules/.bin:$PATH node scripts/images/generate.mjs [--only=previews,app,seo,share]
//        [--feature=sales] [--png-dir=/tmp/images-review]
//
// Outputs (under frontend/public):
//   images/previews/<feature>-<theme>-<device>.webp  locked-feature previews drawn from templates/preview-*.html
//   images/app/<page>-<theme>.webp                   real screenshots of the running app (needs APP_URL)
//   seoimage.png                                     link-preview image, 1200x630
//   images/share/rewards-story.png, rewards-post.png rewards share images, 1080x1920 and 1080x1080
//
// Environment:
//   BRAND (default Fanmint), HANDLE (default <brand slug>official): the brand drawn into the images
//   APP_URL        base URL of a running app (e.g. http://127.0.0.1:3310); without it the app screenshots are skipped
//   APP_EMAIL, APP_PASSWORD  account to sign in with (default: the seeded creator demo account)
//   CHROMIUM       browser binary (default /usr/bin/chromium)
//   IMAGES_OUT     output folder instead of frontend/public (to try a brand without touching the site)
//   IMAGES_FONT_DIR  extra font folder for Chromium (e.g. Inter unpacked from Debian's fonts-inter) when
//                  Inter is not installed system-wide; the templates ask for Inter first, like the app
import { mkdirSync, mkdtempSync, writeFileSync, existsSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { encodeIndexedPng } from './lib/indexed-png.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const templates = join(here, 'templates');
const publicDir = process.env.IMAGES_OUT ?? join(root, 'frontend/public');

const BRAND = process.env.BRAND ?? 'Fanmint';
const SLUG = BRAND.toLowerCase()
  .replace(/[^a-z0-9]+/g, '-')
  .replace(/^-|-$/g, '');
const HANDLE = process.env.HANDLE ?? `${SLUG}official`;
const WEBP_QUALITY = 0.82;
const FAVICON = join(root, 'frontend/public/favicon.svg');
const MARK = existsSync(FAVICON) ? pathToFileURL(FAVICON).href : '';

const FEATURES = [
  'billing',
  'collaborators',
  'photo-albums',
  'videos',
  'purchases',
  'referrals',
  'sales',
  'favorite-stores',
  'store-settings',
  'analytics',
];
const THEMES = ['light', 'dark'];
const DEVICES = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };
const COOKIE_CONSENT = '{"essential":true,"analytics":false,"timestamp":"2025-05-01T00:00:00.000Z"}';

const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [k, v = 'true'] = a.replace(/^--/, '').split('=');
    return [k, v];
  }),
);
const only = new Set((args.only ?? 'previews,app,seo,share').split(','));
const pngDir = args['png-dir'];
if (pngDir) mkdirSync(pngDir, { recursive: true });

function chromiumEnv() {
  const env = { ...process.env };
  const fontDir = process.env.IMAGES_FONT_DIR;
  if (fontDir) {
    const dir = mkdtempSync(join(tmpdir(), 'images-fonts-'));
    const conf = join(dir, 'fonts.conf');
    writeFileSync(
      conf,
      `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n` +
        `  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${fontDir}</dir>\n` +
        `  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
    );
    env.FONTCONFIG_FILE = conf;
  }
  return env;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  env: chromiumEnv(),
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--font-render-hinting=none',
  ],
});

const written = [];
const warnings = [];

function save(file, buffer) {
  const target = join(publicDir, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, buffer);
  written.push({ file: relative(root, target), bytes: buffer.length, target });
}

/** PNG bytes -> WebP bytes, encoded by the browser (there is no sharp here). */
async function toWebp(page, png) {
  const dataUrl = await page.evaluate(
    async ({ b64, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext('2d').drawImage(img, 0, 0);
      return canvas.toDataURL('image/webp', quality);
    },
    { b64: png.toString('base64'), quality: WEBP_QUALITY },
  );
  if (!dataUrl.startsWith('data:image/webp')) throw new Error('this browser cannot encode WebP');
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

let fontChecked = false;
async function renderTemplate(name, query, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  const url = pathToFileURL(join(templates, name));
  url.search = new URLSearchParams({ brand: BRAND, handle: HANDLE, mark: MARK, ...query }).toString();
  await page.goto(url.href);
  await page
    .waitForFunction(() => window.__ready === true, null, { timeout: 15000 })
    .catch(() => {
      throw new Error(`${name} ${JSON.stringify(query)} did not render: ${errors.join('; ') || 'no __ready'}`);
    });
  if (errors.length) throw new Error(`${name} ${JSON.stringify(query)}: ${errors.join('; ')}`);
  if (!fontChecked) {
    fontChecked = true;
    const hasInter = await page.evaluate(() => {
      const c = document.createElement('canvas').getContext('2d');
      c.font = '40px monospace';
      const mono = c.measureText('Fanmint creator store 0123').width;
      c.font = '40px Inter, monospace';
      return c.measureText('Fanmint creator store 0123').width !== mono;
    });
    if (!hasInter) {
      warnings.push(
        "Inter is not installed: text falls back to another font. Install Debian's fonts-inter or set IMAGES_FONT_DIR.",
      );
    }
  }
  const overflow = await page.evaluate(() => window.__checkOverflow ?? []);
  if (overflow.length)
    warnings.push(`${name} ${JSON.stringify(query)}: cut-off content: ${overflow.slice(0, 5).join(' | ')}`);
  const png = await page.screenshot({ type: 'png' });
  return { context, page, png };
}

async function previews() {
  const features = args.feature ? args.feature.split(',') : FEATURES;
  for (const feature of features) {
    const template = `preview-${feature}.html`;
    if (!existsSync(join(templates, template))) throw new Error(`missing template ${template}`);
    for (const theme of THEMES) {
      for (const [device, viewport] of Object.entries(DEVICES)) {
        const { context, page, png } = await renderTemplate(template, { theme, device }, viewport);
        const name = `${feature}-${theme}-${device}`;
        save(`images/previews/${name}.webp`, await toWebp(page, png));
        if (pngDir) writeFileSync(join(pngDir, `preview-${name}.png`), png);
        await context.close();
      }
    }
  }
}

/** PNG bytes -> RGBA pixels, decoded by the browser. */
async function pixels(page, png) {
  const b64 = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = `data:image/png;base64,${src}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let out = '';
    for (let i = 0; i < data.length; i += 0x8000) out += String.fromCharCode(...data.subarray(i, i + 0x8000));
    return btoa(out);
  }, png.toString('base64'));
  return Buffer.from(b64, 'base64');
}

/** Brand images are PNG (social sites want PNG/JPEG): a 256-colour palette PNG when that is smaller. */
async function brandImage(template, query, viewport, file) {
  const { context, page, png } = await renderTemplate(template, query, viewport);
  const indexed = encodeIndexedPng(await pixels(page, png), viewport.width, viewport.height);
  const out = indexed.length < png.length ? indexed : png;
  save(file, out);
  if (pngDir) writeFileSync(join(pngDir, file.replace(/\//g, '_')), out);
  await context.close();
}

/** file:// URL of a generated preview, for the device mocks (empty when it has not been generated). */
function previewUrl(name) {
  const file = join(publicDir, 'images/previews', `${name}.webp`);
  return existsSync(file) ? pathToFileURL(file).href : '';
}

async function seo() {
  await brandImage(
    'seo.html',
    { desktop: previewUrl('sales-dark-desktop'), mobile: previewUrl('photo-albums-dark-mobile') },
    { width: 1200, height: 630 },
    'seoimage.png',
  );
}

async function share() {
  await brandImage('share.html', { format: 'story' }, { width: 1080, height: 1920 }, 'images/share/rewards-story.png');
  await brandImage('share.html', { format: 'post' }, { width: 1080, height: 1080 }, 'images/share/rewards-post.png');
}

/** Real screenshots of the running app: /dashboard and /dashboard/security signed in, /sign-up signed out. */
async function app() {
  const base = process.env.APP_URL?.replace(/\/$/, '');
  if (!base) {
    warnings.push('APP_URL is not set: the app screenshots (images/app/*) were not taken.');
    return;
  }
  const email = process.env.APP_EMAIL ?? 'creator@fanmint.local'; // libs/demo/src/demo-accounts.ts
  const password = process.env.APP_PASSWORD ?? 'Creator-demo-2026!';
  for (const theme of THEMES) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
    await context.addInitScript(
      ([t, consent]) => {
        localStorage.setItem('theme', t);
        localStorage.setItem('cookieConsent', consent);
      },
      [theme, COOKIE_CONSENT],
    );
    const page = await context.newPage();
    const shoot = async (path, name) => {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
      await settle(page);
      const png = await page.screenshot({ type: 'png' });
      save(`images/app/${name}-${theme}.webp`, await toWebp(page, png));
      if (pngDir) writeFileSync(join(pngDir, `app-${name}-${theme}.png`), png);
    };
    await shoot('/sign-up', 'sign-up');

    await page.goto(`${base}/sign-in`, { waitUntil: 'networkidle' });
    await page.getByLabel(/email/i).first().fill(email);
    await page
      .getByLabel(/^password/i)
      .first()
      .fill(password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await page.waitForURL(/\/dashboard/, { timeout: 20000 }).catch(async () => {
      throw new Error(`could not sign in as ${email} at ${base}/sign-in (is the account seeded?)`);
    });
    await shoot('/dashboard', 'dashboard');
    await shoot('/dashboard/security', 'security');
    await context.close();
  }
}

/** Waits for fonts, lazy chunks and transient toasts so the screenshot shows the page at rest. */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(600);
  await page.evaluate(() => {
    for (const el of document.querySelectorAll('.mantine-Notifications-root, [class*="Notifications-root"]'))
      el.remove();
    window.scrollTo(0, 0);
  });
  await page.waitForTimeout(200);
}

try {
  if (only.has('previews')) await previews();
  if (only.has('seo')) await seo();
  if (only.has('share')) await share();
  if (only.has('app')) await app();
} finally {
  await browser.close();
}

let total = 0;
for (const { file, bytes } of written) {
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${written.length} files, ${(total / 1024).toFixed(0)} KB`);
for (const w of warnings) console.warn(`warning: ${w}`);
if (written.some((f) => f.file.endsWith('seoimage.png') && statSync(f.target).size > 200 * 1024)) {
  console.warn('warning: seoimage.png is over 200 KB');
}
