import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SOCIAL_HANDLE, SOCIAL_LINKS } from '../../../lib/site';
import { renderAt } from '../../../test/render';
import { SOCIAL_CHANNELS } from '../social-channels';
import { SocialChannelsPage } from './SocialChannelsPage';

describe('SocialChannelsPage', () => {
  it('lists Telegram, X, Instagram and TikTok, all with the same official handle', async () => {
    renderAt(<SocialChannelsPage />);

    await screen.findByRole('heading', { level: 1, name: 'Official Social Channels' });
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(4);
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Telegram',
      'X',
      'Instagram',
      'TikTok',
    ]);
    for (const card of cards) expect(within(card).getByText(`@${SOCIAL_HANDLE}`)).toBeTruthy();
  });

  it('opens each channel in a new tab, says so, and points at the configured URL', async () => {
    renderAt(<SocialChannelsPage />);

    for (const channel of SOCIAL_CHANNELS) {
      const link = await screen.findByRole('link', { name: new RegExp(`on ${channel.name} \\(opens in a new tab\\)`) });
      expect(link.getAttribute('href')).toBe(SOCIAL_LINKS.find((item) => item.name === channel.name)?.url);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('keeps the SPEC §3 shape: name, handle and url for every channel', () => {
    expect(SOCIAL_CHANNELS.map(({ name, handle, url }) => ({ name, handle, url: Boolean(url) }))).toEqual(
      ['Telegram', 'X', 'Instagram', 'TikTok'].map((name) => ({ name, handle: `@${SOCIAL_HANDLE}`, url: true })),
    );
  });
});
