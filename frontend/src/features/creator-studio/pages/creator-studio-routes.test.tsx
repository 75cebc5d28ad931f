import '../test/jsdom-extras';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { pageAt } from '../../../test/page-at';
import { json, stubFetch } from '../../../test/mock-auth';
import { storeFixture, VERIFIED } from '../test/fixtures';

const ROUTES: [path: string, title: string, live: string][] = [
  ['/dashboard/mystoresettings', 'Store Settings', 'Appearance'],
  ['/dashboard/my-videos', 'My Videos', 'New video'],
  ['/dashboard/photo-albums', 'My Photo Albums', 'New album'],
];

function serve(phase: 'prelaunch' | 'live') {
  return stubFetch({
    'GET /api/config': () => json({ launchPhase: phase }),
    'GET /api/stores/mine': () => json(storeFixture()),
    'GET /api/categories': () => json({ items: [] }),
    'GET /api/content/mine': () => json({ items: [] }),
    'GET /api/verify-user/status': () => json(VERIFIED),
  });
}

describe('creator pages by launch phase', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each(ROUTES)('%s shows the locked preview before launch', async (path, title) => {
    const fetchMock = serve('prelaunch');
    const Page = await pageAt(path);
    renderAt(<Page />, path);
    expect(await screen.findByText('Available at launch')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Appearance' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New (video|album)/ })).toBeNull();
    // Nothing of the live page is asked for.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/config']);
  });

  it.each(ROUTES)('%s shows the creator page when live', async (path, title, live) => {
    serve('live');
    const Page = await pageAt(path);
    renderAt(<Page />, path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
    expect(await screen.findAllByText(live)).not.toHaveLength(0);
    expect(screen.queryByText('Available at launch')).toBeNull();
  });
});
