import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, serve } from '../../../test/serve';
import { purchasedContent, PURCHASE_ID } from '../../../test/purchase-fixtures';
import { PurchasedContent } from './PurchasedContent';

const open = (content: ReturnType<typeof purchasedContent>) => {
  serve({ [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(content) });
  renderAt(<PurchasedContent purchaseId={PURCHASE_ID} />);
};

describe('PurchasedContent', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows a Download link per photo pointing at its signed download link when the store allows downloads', async () => {
    open(purchasedContent('album', true));
    expect(await screen.findByAltText('Full body burn, photo 1')).toBeTruthy();
    const first = screen.getByRole('link', { name: 'Download Full body burn, photo 1' });
    expect(first.getAttribute('href')).toBe('/api/media?token=dl-p1');
    expect(first.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Download Full body burn, photo 2' }).getAttribute('href')).toBe(
      '/api/media?token=dl-p2',
    );
  });

  it('shows a Download link under a video when the store allows downloads', async () => {
    open(purchasedContent('video', true));
    expect((await screen.findByRole('link', { name: 'Download Full body burn' })).getAttribute('href')).toBe(
      '/api/media?token=dl-1',
    );
  });

  it('shows no Download link when the store does not allow downloads', async () => {
    open(purchasedContent('album', false));
    expect(await screen.findByAltText('Full body burn, photo 2')).toBeTruthy();
    expect(screen.queryByText('Download')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull();
  });
});
