export interface StoreCategory {
  slug: string;
  name: string;
  /** Adult content: listed for everyone, but its stores need an account (SPEC §2, §6). */
  nsfw: boolean;
}

/** The fixed category list a store picks from (1 to 5 each), in display order. */
export const STORE_CATEGORIES: readonly StoreCategory[] = [
  { slug: 'fitness', name: 'Fitness', nsfw: false },
  { slug: 'cosplay', name: 'Cosplay', nsfw: false },
  { slug: 'lifestyle', name: 'Lifestyle', nsfw: false },
  { slug: 'music', name: 'Music', nsfw: false },
  { slug: 'art', name: 'Art', nsfw: false },
  { slug: 'photography', name: 'Photography', nsfw: false },
  { slug: 'education', name: 'Education', nsfw: false },
  { slug: 'gaming', name: 'Gaming', nsfw: false },
  { slug: 'comedy', name: 'Comedy', nsfw: false },
  { slug: 'adult-solo', name: 'Adult: Solo', nsfw: true },
  { slug: 'adult-couples', name: 'Adult: Couples', nsfw: true },
  { slug: 'adult-fetish', name: 'Adult: Fetish', nsfw: true },
  { slug: 'adult-lgbtq', name: 'Adult: LGBTQ+', nsfw: true },
];

export const CATEGORY_SLUGS = STORE_CATEGORIES.map((category) => category.slug);

export function findCategory(slug: string): StoreCategory | undefined {
  return STORE_CATEGORIES.find((category) => category.slug === slug);
}
