import { describe, expect, it } from 'vitest';
import { FAQS } from './faq-entries';
import entries from './content/faq.json';
import { FAQ_TAGS, filterFaqs, type FaqEntry } from './faq-filter';

const SAMPLE: FaqEntry[] = [
  { question: 'When is the launch?', answer: 'The platform launches in Q2 2025.', tags: ['launch', 'platform'] },
  { question: 'What is the total supply?', answer: 'One trillion tokens.', tags: ['tokenomics', 'token'] },
  { question: 'How do payouts work?', answer: 'Paid on the last calendar day of each month.', tags: ['creator'] },
];
const questions = (list: FaqEntry[]) => list.map((e) => e.question);

describe('filterFaqs', () => {
  it('returns everything for an empty search and the tag all', () => {
    expect(filterFaqs(SAMPLE, { search: '', tag: 'all' })).toEqual(SAMPLE);
  });

  it('matches the search text in questions', () => {
    expect(questions(filterFaqs(SAMPLE, { search: 'supply', tag: 'all' }))).toEqual(['What is the total supply?']);
  });

  it('matches the search text in answers', () => {
    expect(questions(filterFaqs(SAMPLE, { search: 'calendar day', tag: 'all' }))).toEqual(['How do payouts work?']);
  });

  it('filters by tag alone', () => {
    expect(questions(filterFaqs(SAMPLE, { search: '', tag: 'token' }))).toEqual(['What is the total supply?']);
    expect(questions(filterFaqs(SAMPLE, { search: '', tag: 'platform' }))).toEqual(['When is the launch?']);
  });

  it('requires both the search text and the tag', () => {
    expect(questions(filterFaqs(SAMPLE, { search: 'Q2', tag: 'launch' }))).toEqual(['When is the launch?']);
    expect(filterFaqs(SAMPLE, { search: 'Q2', tag: 'creator' })).toEqual([]);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterFaqs(SAMPLE, { search: 'unicorn', tag: 'all' })).toEqual([]);
    expect(filterFaqs(SAMPLE, { search: '', tag: 'airdrop' })).toEqual([]);
  });

  it('ignores case and surrounding or repeated whitespace', () => {
    expect(questions(filterFaqs(SAMPLE, { search: '  TOTAL   Supply ', tag: 'all' }))).toEqual([
      'What is the total supply?',
    ]);
    expect(filterFaqs(SAMPLE, { search: '   ', tag: 'all' })).toEqual(SAMPLE);
  });
});

describe('FAQ content', () => {
  it('has at least 24 questions, none repeated', () => {
    expect(FAQS.length).toBeGreaterThanOrEqual(24);
    expect(new Set(questions(FAQS)).size).toBe(FAQS.length);
  });

  it('tags every entry with known topics, and every topic has entries', () => {
    const topics = FAQ_TAGS.filter((tag) => tag !== 'all');
    for (const entry of FAQS) {
      expect(entry.tags.length).toBeGreaterThan(0);
      for (const tag of entry.tags) expect(topics).toContain(tag);
    }
    for (const topic of topics) expect(filterFaqs(FAQS, { search: '', tag: topic }).length).toBeGreaterThan(0);
  });

  it('names the brand only through placeholders', () => {
    const raw = JSON.stringify(entries);
    expect(raw).toContain('{{brand}}');
    expect(FAQS.some((e) => e.question.includes('{{'))).toBe(false);
    expect(FAQS.some((e) => e.answer.includes('{{'))).toBe(false);
  });

  it.each([
    ['18 or older'],
    ['75%'],
    ['90%'],
    ['5% commission'],
    ['21 days'],
    ['last calendar day of each month'],
    ['5-10 business days'],
    ['Q2 2025'],
    ['500 million tokens (0.05% of the 1 trillion supply)'],
    ['1 trillion'],
    ['50 billion tokens (5% of the supply) are paired with SOL'],
    ['5 billion tokens'],
    ['100,000,000 tokens per month over 10 months'],
    ['100M users, 1M creators and $2B'],
    ['two-factor authentication'],
  ])('states %s', (fact) => {
    expect(FAQS.some((e) => e.answer.includes(fact))).toBe(true);
  });
});
