import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TARGETS } from '../../../content/site-facts';
import { expectPrerenderToHydrate } from '../../../test/prerender';
import { renderAt } from '../../../test/render';
import { ROADMAP } from '../roadmap-entries';
import { RoadmapPage } from './RoadmapPage';

describe('RoadmapPage', () => {
  it('shows the vision and the three targets', () => {
    renderAt(<RoadmapPage />, '/roadmap');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: /creator economy/ })).toBeTruthy();
    const targets = screen.getByRole('region', { name: /Our targets for Q4 2027/ });
    for (const target of TARGETS) {
      expect(within(targets).getByText(target.number)).toBeTruthy();
      expect(within(targets).getByRole('heading', { name: target.title })).toBeTruthy();
    }
  });

  it('lists every milestone with the badge its status calls for', () => {
    renderAt(<RoadmapPage />, '/roadmap');
    const items = within(screen.getByRole('region', { name: 'Milestones, step by step' })).getAllByRole('listitem');
    expect(items).toHaveLength(ROADMAP.length);
    const badges = items.map((item) => {
      const text = item.textContent ?? '';
      return text.includes('In Progress') ? 'In Progress' : text.includes('Completed') ? 'Completed' : null;
    });
    expect(Object.fromEntries(ROADMAP.map((m, i) => [m.dateLabel, badges[i]]))).toEqual({
      'October 2023': 'Completed',
      'Q1 2024': 'Completed',
      'Q2 2024': 'Completed',
      'Q3 2024': 'Completed',
      'Q4 2024': 'Completed',
      'Q1 2025': 'Completed',
      'Q2 2025': 'In Progress',
      'Q3 2025': null,
      'Q4 2025': null,
      '2026': null,
      '2027': null,
    });
  });

  it('links to sign-up, the social channels and the token', () => {
    renderAt(<RoadmapPage />, '/roadmap');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/signup', '/official-social-channels', '/official-token']));
  });

  it('hydrates the prerendered page', async () => {
    await expectPrerenderToHydrate(<RoadmapPage />, '/roadmap');
  });
});
