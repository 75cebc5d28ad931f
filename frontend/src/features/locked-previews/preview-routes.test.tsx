import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { pageAt } from '../../test/page-at';

/** SPEC §2: which locked preview each dashboard route shows. */
const EXPECTED: [path: string, title: string, image: string][] = [
  ['/dashboard/billingandpayments', 'Billing & Payments', 'billing'],
  ['/dashboard/billing', 'Billing & Payments', 'billing'],
  ['/dashboard/collaborators', 'Collaborators', 'collaborators'],
  ['/dashboard/demo-page-testing', 'Collaborators', 'collaborators'],
  ['/dashboard/photo-albums', 'My Photo Albums', 'photo-albums'],
  ['/dashboard/my-videos', 'My Videos', 'videos'],
  ['/dashboard/purchases', 'Purchase History', 'purchases'],
  ['/dashboard/myreferrals', 'Content Referral Program', 'referrals'],
  ['/dashboard/sales', 'Sales Dashboard', 'sales'],
  ['/dashboard/favorite-stores', 'My Favorite Stores', 'favorite-stores'],
  ['/dashboard/mystoresettings', 'Store Settings', 'store-settings'],
  ['/dashboard/lockedpage', 'Advanced Analytics Dashboard', 'analytics'],
];

describe('dashboard route table: locked previews', () => {
  it.each(EXPECTED)('%s shows the %s preview', async (path, title, image) => {
    const Page = await pageAt(path);
    renderAt(<Page />, path);

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.getByText('Available at launch')).toBeTruthy();
    const thumb = screen.getByRole('button', { name: `Expand desktop preview of ${title}` });
    expect(thumb.querySelector('img')?.getAttribute('src')).toBe(`/images/previews/${image}-dark-desktop.webp`);
    // Not the generic placeholder page.
    expect(screen.queryByText(/opens with the full platform launch\./)).toBeNull();
  });
});
