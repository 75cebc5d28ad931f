/** The topic filters of the FAQ page, in display order (SPEC §9); 'all' means no topic filter. */
export const FAQ_TAGS = [
  'all',
  'platform',
  'token',
  'roadmap',
  'general',
  'creator',
  'tokenomics',
  'utility',
  'airdrop',
  'launch',
  'features',
] as const;

export type FaqTag = (typeof FAQ_TAGS)[number];
export type FaqTopic = Exclude<FaqTag, 'all'>;

export interface FaqEntry {
  question: string;
  answer: string;
  tags: FaqTopic[];
}

export interface FaqFilter {
  search: string;
  tag: FaqTag;
}

const normalise = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/** Entries whose question or answer contains the search text (any case, any spacing) and that carry the tag. */
export function filterFaqs<T extends FaqEntry>(entries: readonly T[], { search, tag }: FaqFilter): T[] {
  const needle = normalise(search);
  return entries.filter(
    (entry) =>
      (tag === 'all' || entry.tags.includes(tag)) &&
      (needle === '' || normalise(entry.question).includes(needle) || normalise(entry.answer).includes(needle)),
  );
}
