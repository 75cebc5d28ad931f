import {
  applySettingsPatch,
  checkDisplayName,
  defaultSettings,
  type StoreSettings,
  type StoreSettingsPatch,
} from './store-settings.js';

const base = defaultSettings('Jane Fit');
const apply = (patch: StoreSettingsPatch, current: StoreSettings = base) => applySettingsPatch(current, patch);
const problemsOf = (patch: StoreSettingsPatch, current?: StoreSettings) => {
  const result = apply(patch, current);
  return result.ok ? [] : result.problems;
};

describe('checkDisplayName', () => {
  it('trims and accepts 2 to 60 characters on one line, counting characters, not bytes', () => {
    expect(checkDisplayName('  Jane Fit ')).toEqual({ ok: true, value: 'Jane Fit' });
    expect(checkDisplayName('Zoë 🌸'.repeat(10)).ok).toBe(true);
    expect(checkDisplayName('J').ok).toBe(false);
    expect(checkDisplayName('x'.repeat(61)).ok).toBe(false);
    expect(checkDisplayName('Jane\nFit')).toEqual({ ok: false, message: 'The store name must fit on one line' });
  });
});

describe('applySettingsPatch', () => {
  it('changes only what the patch names and leaves the input untouched', () => {
    const result = apply({
      appearance: { tagline: '  Daily workouts  ', layout: 'list' },
      tips: { minimumTipMinor: 500 },
    });
    expect(result).toEqual({
      ok: true,
      settings: {
        ...base,
        appearance: { ...base.appearance, tagline: 'Daily workouts', layout: 'list' },
        tips: { enabled: true, minimumTipMinor: 500 },
      },
    });
    expect(base).toEqual(defaultSettings('Jane Fit'));
  });

  it('treats undefined as "leave as is" and null or empty text as "remove"', () => {
    const withTagline = (apply({ appearance: { tagline: 'Hello' } }) as { settings: StoreSettings }).settings;
    expect(apply({ appearance: { tagline: undefined, layout: undefined } }, withTagline)).toEqual({
      ok: true,
      settings: withTagline,
    });
    expect(apply({ appearance: { tagline: null } }, withTagline)).toMatchObject({
      ok: true,
      settings: { appearance: { tagline: null } },
    });
    expect(apply({ appearance: { description: '   ' } })).toMatchObject({
      ok: true,
      settings: { appearance: { description: null } },
    });
  });

  it('checks lengths, colours and enumerations field by field, naming each field', () => {
    const problems = problemsOf({
      appearance: {
        displayName: 'J',
        tagline: 't'.repeat(121),
        description: 'd'.repeat(2001),
        accentColor: 'purple',
        layout: 'masonry' as never,
      },
      content: { currency: 'JPY' as never },
      access: { visibility: 'hidden' as never },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'appearance.displayName',
      'appearance.tagline',
      'appearance.description',
      'appearance.accentColor',
      'appearance.layout',
      'content.currency',
      'access.visibility',
    ]);
    expect(problems[3].message).toBe('The accent colour is a hex colour such as #a5529f');
    expect(apply({ appearance: { accentColor: '#A5529F' } })).toMatchObject({
      ok: true,
      settings: { appearance: { accentColor: '#a5529f' } },
    });
    expect(problemsOf({ appearance: { accentColor: '#abc' } })).toHaveLength(1);
  });

  it('keeps prices whole minor units within their ranges', () => {
    expect(apply({ content: { defaultVideoPriceMinor: 0, defaultAlbumPriceMinor: 100_000 } }).ok).toBe(true);
    const problems = problemsOf({
      content: { defaultVideoPriceMinor: -1, defaultAlbumPriceMinor: 100_001 },
      access: { subscriptionPriceMinor: 99 },
      tips: { minimumTipMinor: 9.99 },
    });
    expect(problems.map((p) => p.field)).toEqual([
      'content.defaultVideoPriceMinor',
      'content.defaultAlbumPriceMinor',
      'access.subscriptionPriceMinor',
      'tips.minimumTipMinor',
    ]);
    expect(problems[0].message).toBe(
      'The default video price is a whole number of minor units (cents) from 0 to 100000',
    );
    expect(problems[2].message).toMatch(/from 100 to 100000/);
  });

  it('allows a subscribers-only store only with subscriptions on', () => {
    expect(problemsOf({ access: { visibility: 'subscribers_only' } })).toEqual([
      { field: 'access.visibility', message: 'A subscribers-only store needs subscriptions turned on' },
    ]);
    const gated = apply({
      access: { visibility: 'subscribers_only', subscriptionEnabled: true, subscriptionPriceMinor: 1299 },
    });
    expect(gated.ok).toBe(true);
    expect(
      problemsOf({ access: { subscriptionEnabled: false } }, (gated as { settings: StoreSettings }).settings),
    ).toHaveLength(1);
  });

  it('takes 1 to 5 distinct known categories', () => {
    expect(apply({ nsfw: { categories: ['fitness', 'lifestyle'] } })).toMatchObject({
      ok: true,
      settings: { nsfw: { isNsfw: false, categories: ['fitness', 'lifestyle'] } },
    });
    expect(problemsOf({ nsfw: { categories: [] } })).toEqual([
      { field: 'nsfw.categories', message: 'Choose 1 to 5 categories' },
    ]);
    expect(
      problemsOf({ nsfw: { categories: ['fitness', 'art', 'music', 'gaming', 'comedy', 'education'] } })[0].message,
    ).toBe('Choose 1 to 5 categories');
    expect(problemsOf({ nsfw: { categories: ['fitness', 'knitting'] } })[0].message).toBe('Unknown category: knitting');
    expect(problemsOf({ nsfw: { categories: ['art', 'art'] } })[0].message).toBe('Choose each category once');
  });

  it('makes a store in an adult category NSFW, and refuses turning NSFW off while one is chosen', () => {
    const adult = apply({ nsfw: { categories: ['cosplay', 'adult-solo'] } });
    expect(adult).toMatchObject({ ok: true, settings: { nsfw: { isNsfw: true } } });
    const current = (adult as { settings: StoreSettings }).settings;
    expect(problemsOf({ nsfw: { isNsfw: false } }, current)).toEqual([
      {
        field: 'nsfw.isNsfw',
        message: 'A store in an adult category (adult-solo) is NSFW: remove the category or keep NSFW on',
      },
    ]);
    expect(problemsOf({ nsfw: { isNsfw: false, categories: ['adult-couples'] } })).toHaveLength(1);
    expect(apply({ nsfw: { isNsfw: false, categories: ['cosplay'] } }, current)).toMatchObject({
      ok: true,
      settings: { nsfw: { isNsfw: false, categories: ['cosplay'] } },
    });
    expect(apply({ nsfw: { isNsfw: true } })).toMatchObject({
      ok: true,
      settings: { nsfw: { isNsfw: true, categories: [] } },
    });
  });

  it('refuses the whole patch when any part is wrong', () => {
    const result = apply({ appearance: { displayName: 'A new name' }, content: { currency: 'BTC' as never } });
    expect(result).toEqual({
      ok: false,
      problems: [{ field: 'content.currency', message: 'The currency is one of USD, EUR, GBP' }],
    });
  });
});
