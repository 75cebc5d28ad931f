import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { UpdateStoreSettingsDto } from './store-settings.dto.js';
import { ListStoresQueryDto, OpenStoreDto } from './stores.dto.js';

const fieldsOf = (errors: ValidationError[], parent = ''): string[] =>
  errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    return [...(error.constraints ? [field] : []), ...fieldsOf(error.children ?? [], field)];
  });
const problems = async <T extends object>(type: new () => T, body: unknown) =>
  fieldsOf(await validate(plainToInstance(type, body) as object, { whitelist: true }));

describe('the store request shapes', () => {
  it('accept any subset of settings sections, and nothing at all', async () => {
    expect(await problems(UpdateStoreSettingsDto, {})).toEqual([]);
    expect(
      await problems(UpdateStoreSettingsDto, {
        appearance: { tagline: null },
        tips: { enabled: false },
        nsfw: { categories: ['art'] },
      }),
    ).toEqual([]);
  });

  it('refuse wrong types, and null for fields that cannot be empty', async () => {
    const body = {
      appearance: { displayName: null, layout: 'masonry' },
      content: { defaultVideoPriceMinor: '999', allowDownloads: 'yes' },
      access: { subscriptionEnabled: null },
      tips: { minimumTipMinor: 1.5 },
      nsfw: { categories: 'art', isNsfw: 1 },
      collaboration: 'on',
    };
    expect((await problems(UpdateStoreSettingsDto, body)).sort()).toEqual(
      [
        'appearance.displayName',
        'appearance.layout',
        'content.defaultVideoPriceMinor',
        'content.allowDownloads',
        'access.subscriptionEnabled',
        'tips.minimumTipMinor',
        'nsfw.categories',
        'nsfw.isNsfw',
        'collaboration',
      ].sort(),
    );
  });

  it('need a slug and a name to open a store', async () => {
    expect(await problems(OpenStoreDto, { slug: 'jane-fit', displayName: 'Jane Fit' })).toEqual([]);
    expect((await problems(OpenStoreDto, {})).sort()).toEqual(['displayName', 'slug']);
    expect(await problems(OpenStoreDto, { slug: 'jane-fit', displayName: 'Jane', categories: [1] })).toEqual([
      'categories',
    ]);
  });

  it('bound the listing query', async () => {
    expect(await problems(ListStoresQueryDto, { category: 'fitness', limit: '10', sort: 'name' })).toEqual([]);
    expect((await problems(ListStoresQueryDto, { category: 'knitting', limit: '0', sort: 'random' })).sort()).toEqual([
      'category',
      'limit',
      'sort',
    ]);
    const empty = plainToInstance(ListStoresQueryDto, { category: '', q: '', sort: '', cursor: '', limit: '' });
    expect(await validate(empty)).toEqual([]);
    expect(empty).toMatchObject({ category: undefined, q: undefined, limit: undefined });
  });
});
