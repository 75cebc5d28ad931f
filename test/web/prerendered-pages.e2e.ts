import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { startTestPlatform, type TestPlatform } from '#app/testing';

const MANIFEST = 'frontend/dist/prerendered/manifest.json';
const BRAND = 'Fanmint';

interface Manifest {
  pages: Record<string, string>;
  sitemap: string[];
}

/** Reads a page as a crawler does: the HTML as served, no script run. */
async function fetchWithoutScripts(platform: TestPlatform, path: string) {
  const response = await fetch(`${platform.baseUrl}${path}`, { headers: { 'accept-encoding': 'br, gzip' } });
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    document.querySelector(`meta[name="${key}"]`)?.getAttribute('content') ??
    document.querySelector(`meta[property="${key}"]`)?.getAttribute('content') ??
    null;
  return { response, html, document, meta };
}

const manifest: Manifest | null = existsSync(MANIFEST)
  ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest)
  : null;
if (!manifest) console.warn(`${MANIFEST} is missing: run \`npm run build:web\` (npm test builds first)`);
const describeBuilt = manifest ? describe : describe.skip;

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform({ worker: false });
});

afterAll(async () => {
  await platform?.close();
});

/** Every public route of SPEC §2 without a route parameter. */
const PUBLIC_ROUTES = [
  '/',
  '/stores',
  '/categories',
  '/sign-in',
  '/two-fa-login',
  '/lost-access-to-2fa',
  '/sign-up',
  '/check-email',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/instructions-after-reset',
  '/account-locked',
  '/fanmint-platform',
  '/official-token',
  '/official-social-channels',
  '/roadmap',
  '/faq',
  '/contact-us',
  '/contact',
  '/help-center',
  '/terms',
  '/privacy',
  '/refund-policy',
  '/chargeback-policy',
  '/user-creator-agreement',
  '/complaints-policy',
  '/content-management-policy',
];

const NOINDEX_FLOW_PAGES = [
  '/two-fa-login',
  '/check-email',
  '/verify-email',
  '/reset-password',
  '/instructions-after-reset',
  '/account-locked',
];

describeBuilt('public pages without JavaScript', () => {
  it('prerenders every public route of the spec', () => {
    expect(Object.keys(manifest!.pages)).toEqual(expect.arrayContaining(PUBLIC_ROUTES));
  });

  it.each(PUBLIC_ROUTES)(
    '%s: title, description, keywords, image, canonical, author, Open Graph and Twitter tags, and its text',
    async (path) => {
      const { response, document, meta, html } = await fetchWithoutScripts(platform, path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('content-encoding')).toBe('br');

      const title = document.title;
      expect(title).toMatch(new RegExp(`^.+ \\| ${BRAND}$`));
      expect(document.querySelectorAll('title')).toHaveLength(1);
      expect(meta('description')!.length).toBeGreaterThan(40);
      expect(meta('keywords')!.length).toBeGreaterThan(3);
      expect(meta('author')).toBe(BRAND);
      expect(document.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${platform.baseUrl}${path}`);
      expect(meta('og:title')).toBe(title);
      expect(meta('og:description')).toBe(meta('description'));
      expect(meta('og:type')).toBe('article');
      expect(meta('og:url')).toBe(`${platform.baseUrl}${path}`);
      expect(meta('og:image')).toBe(`${platform.baseUrl}/seoimage.png`);
      expect(meta('twitter:card')).toBe('summary_large_image');
      expect(meta('twitter:title')).toBe(title);
      expect(meta('twitter:image')).toBe(`${platform.baseUrl}/seoimage.png`);
      // Pages reached only from an email link or in the middle of a flow stay out of search indexes.
      expect(meta('robots')).toBe(NOINDEX_FLOW_PAGES.includes(path) ? 'noindex, nofollow' : 'index, follow');
      expect(manifest!.sitemap.includes(path)).toBe(
        !NOINDEX_FLOW_PAGES.includes(path) &&
          !['/two-fa-login', '/lost-access-to-2fa', '/forgot-password'].includes(path),
      );
      expect(html).not.toContain('__SITE_ORIGIN__');

      // The page's own content is in the HTML before any script runs.
      const root = document.getElementById('root')!;
      const h1s = root.querySelectorAll('h1');
      expect(h1s).toHaveLength(1);
      expect(h1s[0].textContent!.trim().length).toBeGreaterThan(2);
      expect(root.querySelector('main')?.textContent?.trim().length ?? 0).toBeGreaterThan(80);
      expect(root.querySelector('header nav[aria-label="Main"]')).not.toBeNull();
      expect(root.querySelector('footer')).not.toBeNull();
    },
  );

  it.each(PUBLIC_ROUTES)(
    '%s is styled before any script runs: every class it uses is in a stylesheet it links',
    async (path) => {
      const { document } = await fetchWithoutScripts(platform, path);
      const sheets = await Promise.all(
        [...document.querySelectorAll('link[rel="stylesheet"]')].map(async (link) =>
          (await fetch(`${platform.baseUrl}${link.getAttribute('href')}`)).text(),
        ),
      );
      const css = sheets.join('\n');
      const used = new Set([...document.querySelectorAll('#root [class]')].flatMap((el) => [...el.classList]));
      // Mantine's component classes (m_xxxxxxxx) and our CSS-module classes (_name_hash_n).
      const unstyled = [...used].filter(
        (name) =>
          (/^m_[0-9a-f]{8}$/.test(name) || /^_[A-Za-z0-9]+_[A-Za-z0-9-]{5}_\d+$/.test(name)) &&
          !css.includes(`.${name}`),
      );
      expect(unstyled).toEqual([]);
    },
  );

  it.each(['/sign-in', '/sign-up', '/forgot-password', '/two-fa-login'])(
    '%s: its prerendered form takes no input and sends nothing natively before the script runs',
    async (path) => {
      const { document } = await fetchWithoutScripts(platform, path);
      const forms = [...document.querySelectorAll('main form')];
      expect(forms.length).toBeGreaterThan(0);
      for (const form of forms) {
        expect(form.getAttribute('method')).toBe('post');
        // Every control sits in a fieldset that is disabled until the script runs.
        const controls = [...form.querySelectorAll('input, button, textarea, select')];
        expect(controls.length).toBeGreaterThan(0);
        expect(controls.every((control) => control.closest('fieldset[disabled]') !== null)).toBe(true);
      }
    },
  );

  it('keeps the FAQ answers, the legal text and the tokenomics in the served HTML', async () => {
    const faq = await fetchWithoutScripts(platform, '/faq');
    expect(faq.document.querySelectorAll('main details > summary').length).toBeGreaterThan(10);
    expect(faq.document.querySelector('main')!.textContent).toMatch(/18/);
    const terms = await fetchWithoutScripts(platform, '/terms');
    expect(terms.document.querySelector('main')!.textContent).toMatch(/20\.\s/);
    const token = await fetchWithoutScripts(platform, '/official-token');
    expect(token.document.querySelector('main')!.textContent).toMatch(/1 trillion|1,000,000,000,000/i);
  });

  it('answers unknown paths with the not-found page and status 404, marked noindex', async () => {
    const { response, document, meta } = await fetchWithoutScripts(platform, '/no-such-page');
    expect(response.status).toBe(404);
    expect(document.title).toBe(`404 URL Not Found | ${BRAND}`);
    expect(meta('robots')).toMatch(/noindex/);
  });

  it('serves dashboard routes as the app shell, marked noindex', async () => {
    const { response, meta, document } = await fetchWithoutScripts(platform, '/dashboard/rewards');
    expect(response.status).toBe(200);
    expect(meta('robots')).toMatch(/noindex/);
    expect(document.getElementById('root')!.children).toHaveLength(0);
  });

  it("serves the payment provider's return address as the app shell (with the query it appends)", async () => {
    const { response, meta } = await fetchWithoutScripts(
      platform,
      '/checkout/return?purchase=00000000-0000-4000-8000-000000000000&cancelled=1',
    );
    expect(response.status).toBe(200);
    expect(meta('robots')).toMatch(/noindex/);
  });

  it("serves a member's feed as the app shell, marked noindex", async () => {
    const { response, meta, document } = await fetchWithoutScripts(platform, '/feed');
    expect(response.status).toBe(200);
    expect(meta('robots')).toMatch(/noindex/);
    expect(document.getElementById('root')!.children).toHaveLength(0);
  });

  it('lists the indexable pages in sitemap.xml and points robots.txt at it', async () => {
    const sitemap = await (await fetch(`${platform.baseUrl}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(manifest!.sitemap.map((path) => `${platform.baseUrl}${path}`));
    expect(locs).toEqual(
      expect.arrayContaining(['/', '/faq', '/terms', '/official-token'].map((path) => `${platform.baseUrl}${path}`)),
    );
    expect(locs.some((loc) => loc.includes('/dashboard'))).toBe(false);
    const robots = await (await fetch(`${platform.baseUrl}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${platform.baseUrl}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
  });

  it('allows only its own inline script, by hash, and caches hashed assets for a year', async () => {
    const { response, html } = await fetchWithoutScripts(platform, '/');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).not.toContain("unsafe-inline';script");
    const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
    const file = await fetch(`${platform.baseUrl}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-encoding')).toBe('br');
  });
});
