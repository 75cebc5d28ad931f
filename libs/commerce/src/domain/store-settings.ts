import { findCategory } from './store-categories.js';

export const STORE_LAYOUTS = ['grid', 'list'] as const;
export const STORE_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export const STORE_VISIBILITIES = ['public', 'subscribers_only'] as const;
export type StoreLayout = (typeof STORE_LAYOUTS)[number];
export type StoreCurrency = (typeof STORE_CURRENCIES)[number];
export type StoreVisibility = (typeof STORE_VISIBILITIES)[number];

/** The platform's fixed referral commission (SPEC §9), paid from its share; creators cannot change it. */
export const REFERRAL_COMMISSION_PERCENT = 5;
export const DEFAULT_ACCENT_COLOR = '#a5529f';

export const SETTINGS_LIMITS = {
  displayName: { min: 2, max: 60 },
  taglineMax: 120,
  descriptionMax: 2000,
  /** Prices are integer minor units (cents, pence) of the store's currency. */
  price: { min: 0, max: 100_000 },
  subscriptionPrice: { min: 100, max: 100_000 },
  minimumTip: { min: 100, max: 100_000 },
  categories: { min: 1, max: 5 },
} as const;

/** Store Settings (SPEC §2), one object per section of the settings page. */
export interface StoreSettings {
  appearance: {
    displayName: string;
    tagline: string | null;
    description: string | null;
    accentColor: string;
    layout: StoreLayout;
  };
  content: {
    defaultVideoPriceMinor: number;
    defaultAlbumPriceMinor: number;
    currency: StoreCurrency;
    allowDownloads: boolean;
  };
  access: {
    visibility: StoreVisibility;
    subscriptionEnabled: boolean;
    subscriptionPriceMinor: number;
    showSubscriberCount: boolean;
  };
  tips: { enabled: boolean; minimumTipMinor: number };
  referrals: { enabled: boolean };
  collaboration: { acceptRequests: boolean };
  notifications: { emailSales: boolean };
  nsfw: { isNsfw: boolean; categories: string[] };
}

export type StoreSettingsPatch = { [Section in keyof StoreSettings]?: Partial<StoreSettings[Section]> };

export interface FieldProblem {
  field: string;
  message: string;
}

export type SettingsResult = { ok: true; settings: StoreSettings } | { ok: false; problems: FieldProblem[] };

export function defaultSettings(displayName: string): StoreSettings {
  return {
    appearance: { displayName, tagline: null, description: null, accentColor: DEFAULT_ACCENT_COLOR, layout: 'grid' },
    content: { defaultVideoPriceMinor: 999, defaultAlbumPriceMinor: 1499, currency: 'USD', allowDownloads: false },
    access: {
      visibility: 'public',
      subscriptionEnabled: false,
      subscriptionPriceMinor: 999,
      showSubscriberCount: false,
    },
    tips: { enabled: true, minimumTipMinor: 100 },
    referrals: { enabled: true },
    collaboration: { acceptRequests: false },
    notifications: { emailSales: true },
    nsfw: { isNsfw: false, categories: [] },
  };
}

const CONTROL_CHARACTERS = /\p{Cc}/u;
const HEX_COLOR = /^#[0-9a-f]{6}$/i;
const length = (text: string) => Array.from(text).length;

/** A store's name: trimmed, 2 to 60 characters on one line. */
export function checkDisplayName(input: string): { ok: true; value: string } | { ok: false; message: string } {
  const value = input.trim();
  const { min, max } = SETTINGS_LIMITS.displayName;
  if (length(value) < min || length(value) > max)
    return { ok: false, message: `The store name has ${min} to ${max} characters` };
  if (CONTROL_CHARACTERS.test(value)) return { ok: false, message: 'The store name must fit on one line' };
  return { ok: true, value };
}

/** Optional text: trimmed, empty means none. */
function optionalText(input: string | null | undefined): string | null {
  const value = input?.trim() ?? '';
  return value === '' ? null : value;
}

/** The fields a section of a patch sets: absent and undefined both mean "leave as is"; null clears. */
function given<T extends object>(section: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(section ?? {}).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Applies a partial update to a store's settings and checks every rule, those of single fields
 * and those between sections. Either all of it applies or, with the reasons, none of it.
 */
export function applySettingsPatch(current: StoreSettings, patch: StoreSettingsPatch): SettingsResult {
  const problems: FieldProblem[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });
  const next: StoreSettings = {
    appearance: { ...current.appearance, ...given(patch.appearance) },
    content: { ...current.content, ...given(patch.content) },
    access: { ...current.access, ...given(patch.access) },
    tips: { ...current.tips, ...given(patch.tips) },
    referrals: { ...current.referrals, ...given(patch.referrals) },
    collaboration: { ...current.collaboration, ...given(patch.collaboration) },
    notifications: { ...current.notifications, ...given(patch.notifications) },
    nsfw: {
      ...current.nsfw,
      ...given(patch.nsfw),
      categories: [...(patch.nsfw?.categories ?? current.nsfw.categories)],
    },
  };

  const appearance = next.appearance;
  if (patch.appearance?.displayName !== undefined) {
    const name = checkDisplayName(patch.appearance.displayName);
    if (name.ok) appearance.displayName = name.value;
    else problem('appearance.displayName', name.message);
  }
  appearance.tagline = optionalText(appearance.tagline);
  appearance.description = optionalText(appearance.description);
  if (appearance.tagline !== null && length(appearance.tagline) > SETTINGS_LIMITS.taglineMax) {
    problem('appearance.tagline', `The tagline has at most ${SETTINGS_LIMITS.taglineMax} characters`);
  } else if (appearance.tagline !== null && CONTROL_CHARACTERS.test(appearance.tagline)) {
    problem('appearance.tagline', 'The tagline must fit on one line');
  }
  if (appearance.description !== null && length(appearance.description) > SETTINGS_LIMITS.descriptionMax) {
    problem('appearance.description', `The description has at most ${SETTINGS_LIMITS.descriptionMax} characters`);
  }
  if (!HEX_COLOR.test(appearance.accentColor))
    problem('appearance.accentColor', 'The accent colour is a hex colour such as #a5529f');
  else appearance.accentColor = appearance.accentColor.toLowerCase();
  if (!STORE_LAYOUTS.includes(appearance.layout))
    problem('appearance.layout', `The layout is one of ${STORE_LAYOUTS.join(', ')}`);

  const money = (field: string, value: number, { min, max }: { min: number; max: number }, label: string) => {
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      problem(field, `${label} is a whole number of minor units (cents) from ${min} to ${max}`);
    }
  };
  money(
    'content.defaultVideoPriceMinor',
    next.content.defaultVideoPriceMinor,
    SETTINGS_LIMITS.price,
    'The default video price',
  );
  money(
    'content.defaultAlbumPriceMinor',
    next.content.defaultAlbumPriceMinor,
    SETTINGS_LIMITS.price,
    'The default album price',
  );
  if (!STORE_CURRENCIES.includes(next.content.currency))
    problem('content.currency', `The currency is one of ${STORE_CURRENCIES.join(', ')}`);
  money(
    'access.subscriptionPriceMinor',
    next.access.subscriptionPriceMinor,
    SETTINGS_LIMITS.subscriptionPrice,
    'The monthly subscription price',
  );
  money('tips.minimumTipMinor', next.tips.minimumTipMinor, SETTINGS_LIMITS.minimumTip, 'The minimum tip');

  if (!STORE_VISIBILITIES.includes(next.access.visibility)) {
    problem('access.visibility', `The visibility is one of ${STORE_VISIBILITIES.join(', ')}`);
  } else if (next.access.visibility === 'subscribers_only' && !next.access.subscriptionEnabled) {
    problem('access.visibility', 'A subscribers-only store needs subscriptions turned on');
  }

  checkCategories(next, patch, problem);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings: next };
}

function checkCategories(
  next: StoreSettings,
  patch: StoreSettingsPatch,
  problem: (field: string, message: string) => void,
): void {
  const { categories } = next.nsfw;
  if (patch.nsfw?.categories !== undefined) {
    const { min, max } = SETTINGS_LIMITS.categories;
    const unknown = categories.filter((slug) => !findCategory(slug));
    if (categories.length < min || categories.length > max)
      problem('nsfw.categories', `Choose ${min} to ${max} categories`);
    else if (unknown.length > 0) problem('nsfw.categories', `Unknown category: ${unknown.join(', ')}`);
    else if (new Set(categories).size !== categories.length) problem('nsfw.categories', 'Choose each category once');
  }
  const adult = categories.filter((slug) => findCategory(slug)?.nsfw);
  if (adult.length === 0) return;
  // An adult category makes the store NSFW; turning NSFW off explicitly while keeping one is a contradiction.
  if (patch.nsfw?.isNsfw === false) {
    problem(
      'nsfw.isNsfw',
      `A store in an adult category (${adult.join(', ')}) is NSFW: remove the category or keep NSFW on`,
    );
  } else {
    next.nsfw.isNsfw = true;
  }
}
