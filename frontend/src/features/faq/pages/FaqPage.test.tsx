import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectPrerenderToHydrate, prerender } from '../../../test/prerender';
import { renderAt } from '../../../test/render';
import { FAQS } from '../faq-entries';
import { FaqPage, NO_MATCH_MESSAGE } from './FaqPage';

/** Questions currently listed, in order. */
const shownQuestions = () =>
  Array.from(document.querySelectorAll<HTMLElement>('details > summary'), (summary) => summary.textContent ?? '');

describe('FaqPage', () => {
  it('lists every question with the topic filters and All pressed', () => {
    renderAt(<FaqPage />, '/faq');
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeTruthy();
    expect(shownQuestions()).toHaveLength(FAQS.length);
    const filters = within(screen.getByRole('group', { name: 'Filter by topic' })).getAllByRole('button');
    expect(filters.map((b) => b.textContent)).toEqual([
      'All',
      'Platform',
      'Token',
      'Roadmap',
      'General',
      'Creator',
      'Tokenomics',
      'Utility',
      'Airdrop',
      'Launch',
      'Features',
    ]);
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Token' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('narrows the list as the visitor types', async () => {
    const user = userEvent.setup();
    renderAt(<FaqPage />, '/faq');
    await user.click(screen.getByLabelText('Search FAQs'));
    await user.paste('SEED PHRASE');
    expect(shownQuestions()).toEqual(['Which wallet should I use for the token?']);
    expect(screen.getByText(`Showing 1 of ${FAQS.length} questions`)).toBeTruthy();
  });

  it('narrows the list to a topic', async () => {
    const user = userEvent.setup();
    renderAt(<FaqPage />, '/faq');
    await user.click(screen.getByRole('button', { name: 'Tokenomics' }));
    const expected = FAQS.filter((e) => e.tags.includes('tokenomics')).map((e) => e.question);
    expect(shownQuestions()).toEqual(expected);
    expect(expected.length).toBeLessThan(FAQS.length);
    expect(screen.getByRole('button', { name: 'Tokenomics' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('combines search and topic, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderAt(<FaqPage />, '/faq');
    await user.click(screen.getByRole('button', { name: 'Airdrop' }));
    await user.click(screen.getByLabelText('Search FAQs'));
    await user.paste('payout');
    expect(screen.getByText(NO_MATCH_MESSAGE)).toBeTruthy();
    expect(NO_MATCH_MESSAGE).toBe('No FAQs found matching your search criteria.');
    expect(shownQuestions()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(shownQuestions()).toHaveLength(FAQS.length);
    expect((screen.getByLabelText('Search FAQs') as HTMLInputElement).value).toBe('');
  });

  it('opens an answer from its question', async () => {
    const user = userEvent.setup();
    renderAt(<FaqPage />, '/faq');
    const question = screen.getByRole('heading', {
      level: 2,
      name: 'What is the total supply and how is it allocated?',
    });
    const details = question.closest('details') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    await user.click(question);
    expect(details.open).toBe(true);
  });

  it('puts every answer in the prerendered HTML while collapsed, and hydrates cleanly', async () => {
    const html = prerender(<FaqPage />, '/faq');
    for (const entry of FAQS) {
      expect(html).toContain(escapeHtml(entry.question));
      expect(html).toContain(escapeHtml(entry.answer));
    }
    await expectPrerenderToHydrate(<FaqPage />, '/faq');
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');
}
