import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import comingSoon from './coming-soon.json';
import contact from './contact.json';
import { fillText } from './fill-text';
import home from './home.json';
import platform from './platform.json';
import socialChannels from './social-channels.json';

const META = {
  home: home.meta,
  stores: comingSoon.stores.meta,
  categories: comingSoon.categories.meta,
  platform: platform.meta,
  socialChannels: socialChannels.meta,
  contact: contact.contact.meta,
  contactUs: contact.contactUs.meta,
  helpCenter: contact.helpCenter.meta,
};

describe('site content', () => {
  it.each(Object.entries(META))('%s has a 120-160 character description and its own keywords', (_, meta) => {
    const description = fillText(meta.description);
    expect(description.length).toBeGreaterThanOrEqual(120);
    expect(description.length).toBeLessThanOrEqual(160);
    expect(description).not.toMatch(/\{\{/);
    expect(meta.keywords.length).toBeGreaterThanOrEqual(3);
  });

  it('gives every page a different title and description', () => {
    const metas = Object.values(META);
    expect(new Set(metas.map((meta) => meta.title)).size).toBe(metas.length);
    expect(new Set(metas.map((meta) => meta.description)).size).toBe(metas.length);
  });

  it('names the brand only through placeholders', () => {
    for (const file of readdirSync(__dirname).filter((name) => name.endsWith('.json'))) {
      expect(readFileSync(join(__dirname, file), 'utf8'), file).not.toMatch(/fanmint/i);
    }
  });

  it('fills the shared figures', () => {
    expect(fillText('Keep {{tokenCreator}}% ({{fiatCreator}}/{{fiatPlatform}}), {{referral}}% by {{quarter}}')).toBe(
      'Keep 90% (75/25), 5% by Q4 2027',
    );
  });
});
