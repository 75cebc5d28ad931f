import { describe, expect, it } from 'vitest';
import { headToHtml, resolveHead } from './page-meta';

describe('page head', () => {
  it("writes '{title} | {brand}' and the SPEC §1 defaults", () => {
    const head = resolveHead({ title: 'FAQ', description: 'Answers.' }, 'https://fanmint.example', '/faq');
    const tags = Object.fromEntries(head.tags.map((tag) => [tag.key[1], tag.value]));
    expect(head.title).toBe('FAQ | Fanmint');
    expect(tags).toMatchObject({
      description: 'Answers.',
      author: 'Fanmint',
      robots: 'index, follow',
      canonical: 'https://fanmint.example/faq',
      'og:type': 'article',
      'og:image': 'https://fanmint.example/seoimage.png',
      'og:url': 'https://fanmint.example/faq',
      'twitter:card': 'summary_large_image',
      'twitter:image': 'https://fanmint.example/seoimage.png',
    });
    expect(tags.keywords.length).toBeGreaterThan(0);
  });

  it('marks noindex pages and escapes attribute values', () => {
    const head = resolveHead({ title: 'A "quoted" <page>', noindex: true }, 'https://x.example', '/dashboard');
    const html = headToHtml(head);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<title>A &quot;quoted&quot; &lt;page&gt; | Fanmint</title>');
    expect(html).not.toContain('"quoted"');
  });
});
