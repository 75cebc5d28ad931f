export interface DocumentHeading {
  id: string;
  text: string;
}

export interface AnchoredDocument {
  html: string;
  /** The h2 sections, in order, for the table of contents. */
  headings: DocumentHeading[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Plain text of a heading's inner HTML (marked escapes &, quotes and apostrophes). */
export function headingText(innerHtml: string): string {
  return innerHtml
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity])
    .trim();
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Gives every h2 and h3 a stable id derived from its text, so sections can be linked to. A pure
 * string transform: the prerendered HTML and the hydrating client produce exactly the same ids.
 */
export function addHeadingAnchors(html: string): AnchoredDocument {
  const seen = new Map<string, number>();
  const headings: DocumentHeading[] = [];
  const anchored = html.replace(/<h([23])>([\s\S]*?)<\/h\1>/g, (_match, level: string, inner: string) => {
    const text = headingText(inner);
    const base = slugify(text) || 'section';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    const id = count === 1 ? base : `${base}-${count}`;
    if (level === '2') headings.push({ id, text });
    return `<h${level} id="${id}">${inner}</h${level}>`;
  });
  return { html: anchored, headings };
}
