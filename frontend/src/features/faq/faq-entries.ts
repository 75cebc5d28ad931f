import { fillBrand } from '../../lib/site';
import entries from './content/faq.json';
import type { FaqEntry } from './faq-filter';

/** The FAQ with brand, handle and support address filled in, so search matches what visitors read. */
export const FAQS: FaqEntry[] = (entries as FaqEntry[]).map((entry) => ({
  question: fillBrand(entry.question),
  answer: fillBrand(entry.answer),
  tags: entry.tags,
}));
