import { useMantineColorScheme } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, serve } from '../../../test/serve';
import { expectPrerenderToHydrate } from '../../../test/prerender';
import { renderAt } from '../../../test/render';
import { LOCKED_PREVIEWS, type LockedPreviewKey } from '../preview-content';
import { LockedPreviewPage } from './LockedPreviewPage';
import { PhasedPreviewPage } from './PhasedPreviewPage';

const KEYS = Object.keys(LOCKED_PREVIEWS) as LockedPreviewKey[];

function ThemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  return (
    <button type="button" onClick={() => setColorScheme('light')}>
      test: light
    </button>
  );
}

function renderPreview(preview: LockedPreviewKey) {
  return renderAt(
    <>
      <ThemeSwitch />
      <LockedPreviewPage preview={preview} />
    </>,
    '/dashboard/preview',
  );
}

const thumb = (device: 'desktop' | 'mobile', title: string) =>
  screen.getByRole('button', { name: `Expand ${device} preview of ${title}` });
const thumbSources = (button: HTMLElement) => [...button.querySelectorAll('img')].map((img) => img.getAttribute('src'));

describe('LockedPreviewPage', () => {
  it.each(KEYS)('%s: title, description, features, lock badge and the rewards panel', async (key) => {
    const { title, description, features } = LOCKED_PREVIEWS[key];
    renderPreview(key);

    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    for (const feature of features) expect(screen.getByText(feature)).toBeTruthy();
    expect(screen.getByText('Available at launch')).toBeTruthy();

    const panel = screen.getByRole('region', { name: 'Early Adopter Rewards Program' });
    expect(within(panel).getByRole('link', { name: 'View Rewards' }).getAttribute('href')).toBe('/dashboard/rewards');
    expect(within(panel).getByRole('link', { name: 'Official Social Channels' }).getAttribute('href')).toBe(
      '/official-social-channels',
    );

    await waitFor(() => expect(document.title).toBe(`${title} | Fanmint`));
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('the Store Settings and Billing copy covers what the spec lists', () => {
    const storeSettings = [
      LOCKED_PREVIEWS['store-settings'].description,
      ...LOCKED_PREVIEWS['store-settings'].features,
    ].join(' ');
    for (const topic of [
      'Appearance',
      'Content settings',
      'Access control',
      'Tips',
      'referrals',
      'collaboration',
      'NSFW',
    ]) {
      expect(storeSettings).toContain(topic);
    }
    const billing = LOCKED_PREVIEWS.billing.description;
    for (const topic of ['card', 'bank transfer', 'crypto']) expect(billing).toContain(topic);
    expect(LOCKED_PREVIEWS.referrals.description).toContain(
      "5% commission on every sale you bring in, paid from the platform's share",
    );
  });

  it('shows the dark screenshots by default, with their pixel sizes', () => {
    renderPreview('sales');
    const desktop = thumb('desktop', 'Sales Dashboard');
    const mobile = thumb('mobile', 'Sales Dashboard');
    expect(thumbSources(desktop)).toEqual(['/images/previews/sales-dark-desktop.webp']);
    expect(thumbSources(mobile)).toEqual(['/images/previews/sales-dark-mobile.webp']);
    const [desktopImg] = desktop.querySelectorAll('img');
    const [mobileImg] = mobile.querySelectorAll('img');
    expect([desktopImg.getAttribute('width'), desktopImg.getAttribute('height')]).toEqual(['1280', '800']);
    expect([mobileImg.getAttribute('width'), mobileImg.getAttribute('height')]).toEqual(['390', '844']);
  });

  it('shows the light screenshots when the stored theme is light', () => {
    window.localStorage.setItem('theme', 'light');
    renderPreview('billing');
    expect(thumbSources(thumb('desktop', 'Billing & Payments'))).toEqual([
      '/images/previews/billing-light-desktop.webp',
    ]);
    expect(thumbSources(thumb('mobile', 'Billing & Payments'))).toEqual(['/images/previews/billing-light-mobile.webp']);
  });

  it('follows a theme change while open', async () => {
    renderPreview('videos');
    expect(thumbSources(thumb('desktop', 'My Videos'))).toEqual(['/images/previews/videos-dark-desktop.webp']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'test: light' }));
    expect(thumbSources(thumb('desktop', 'My Videos'))).toEqual(['/images/previews/videos-light-desktop.webp']);
  });

  it('opens a screenshot large in a modal and closes it again', async () => {
    const user = userEvent.setup();
    renderPreview('collaborators');

    await user.click(thumb('mobile', 'Collaborators'));
    const dialog = await screen.findByRole('dialog', { name: 'Collaborators: mobile preview' });
    const image = within(dialog).getByRole('img');
    expect(image.getAttribute('src')).toBe('/images/previews/collaborators-dark-mobile.webp');
    expect(image.getAttribute('alt')).toBe(`${LOCKED_PREVIEWS.collaborators.screenshotAlt}, mobile layout`);
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['390', '844']);

    await user.click(within(dialog).getByRole('button', { name: 'Close preview' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(thumb('desktop', 'Collaborators'));
    const desktopDialog = await screen.findByRole('dialog', { name: 'Collaborators: desktop preview' });
    expect(within(desktopDialog).getByRole('img').getAttribute('src')).toBe(
      '/images/previews/collaborators-dark-desktop.webp',
    );
  });

  it('hydrates prerendered markup without a mismatch (both theme variants until the page runs)', async () => {
    window.localStorage.setItem('theme', 'light');
    await expectPrerenderToHydrate(<LockedPreviewPage preview="sales" />, '/dashboard/sales');
  });

  describe('after launch', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('words a preview that is still shown as coming, never as locked until a launch that has happened', async () => {
      serve({ 'GET /api/config': config('live') });
      renderAt(<PhasedPreviewPage preview="analytics" />, '/dashboard/lockedpage');
      expect(await screen.findByText('Coming soon')).toBeTruthy();
      expect(
        screen.getByText('We are still building this feature. Here is a preview of how it will look when it arrives.'),
      ).toBeTruthy();
      expect(screen.queryByText('Available at launch')).toBeNull();
      expect(screen.queryByText(/locked until the full platform launch/)).toBeNull();
    });
  });
});
