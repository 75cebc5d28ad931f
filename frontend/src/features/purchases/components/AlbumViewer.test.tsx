import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { json, serve } from '../../../test/serve';
import { purchasedContent, PURCHASE_ID } from '../../../test/purchase-fixtures';
import { PurchasedContent } from './PurchasedContent';

function openAlbum() {
  const content = purchasedContent('album');
  content.media.push({
    id: 'p3',
    mediaType: 'image',
    number: 3,
    thumbnailUrl: '/media/t3.jpg',
    fileUrl: '/media/p3.jpg?sig=3',
    downloadUrl: null,
  });
  serve({ [`GET /api/purchases/${PURCHASE_ID}/content`]: () => json(content) });
  renderAt(<PurchasedContent purchaseId={PURCHASE_ID} />);
}

const shown = () => screen.getByRole('img', { name: /Full body burn, photo \d of 3/ });

describe('AlbumViewer', () => {
  beforeEach(() => localStorage.setItem('token', 'fan-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens the photo chosen full screen, uncropped, with a counter; arrow keys move and wrap; Escape closes', async () => {
    const user = userEvent.setup();
    openAlbum();
    await user.click(await screen.findByRole('button', { name: 'View photo 2 of 3' }));
    await waitFor(() => expect(shown().getAttribute('alt')).toBe('Full body burn, photo 2 of 3'));
    expect(shown().getAttribute('src')).toBe('/media/p2.jpg?sig=2');
    expect(screen.getByText('2 / 3')).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('3 / 3')).toBeTruthy();
    expect(shown().getAttribute('src')).toBe('/media/p3.jpg?sig=3');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByText('1 / 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('3 / 3')).toBeTruthy();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('3 / 3')).toBeNull());
  });

  it('moves with the buttons and with a swipe', async () => {
    const user = userEvent.setup();
    openAlbum();
    await user.click(await screen.findByRole('button', { name: 'View photo 1 of 3' }));
    await user.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(screen.getByText('2 / 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(screen.getByText('1 / 3')).toBeTruthy();

    // jsdom has no PointerEvent: a mouse event of the pointer type carries the coordinates React reads.
    const stage = shown().parentElement!;
    stage.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientX: 300, clientY: 200 }));
    stage.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, clientX: 120, clientY: 210 }));
    await waitFor(() => expect(screen.getByText('2 / 3')).toBeTruthy());
  });
});
