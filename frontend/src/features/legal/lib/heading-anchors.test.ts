import { describe, expect, it } from 'vitest';
import { addHeadingAnchors, headingText, slugify } from './heading-anchors';

describe('addHeadingAnchors', () => {
  it('gives h2 and h3 stable ids and lists the h2s for the table of contents', () => {
    const { html, headings } = addHeadingAnchors(
      '<h2>1. Who we are</h2><p>x</p><h3>Data you give us</h3><h2>2. Refunds &amp; returns</h2>',
    );
    expect(html).toBe(
      '<h2 id="1-who-we-are">1. Who we are</h2><p>x</p><h3 id="data-you-give-us">Data you give us</h3><h2 id="2-refunds-returns">2. Refunds &amp; returns</h2>',
    );
    expect(headings).toEqual([
      { id: '1-who-we-are', text: '1. Who we are' },
      { id: '2-refunds-returns', text: '2. Refunds & returns' },
    ]);
  });

  it('keeps ids unique when headings repeat', () => {
    const { headings } = addHeadingAnchors('<h2>Contact</h2><h2>Contact</h2><h2>Contact</h2>');
    expect(headings.map((h) => h.id)).toEqual(['contact', 'contact-2', 'contact-3']);
  });

  it('is a pure function, so the prerendered and hydrated markup agree', () => {
    const source = '<h2>What it&#39;s for</h2>';
    expect(addHeadingAnchors(source)).toEqual(addHeadingAnchors(source));
  });
});

describe('headingText and slugify', () => {
  it('drops tags, decodes entities and folds accents', () => {
    expect(headingText('<strong>Fees</strong> &amp; &quot;taxes&quot;')).toBe('Fees & "taxes"');
    expect(slugify('Garda Síochána & Hotline.ie')).toBe('garda-siochana-hotline-ie');
  });
});
