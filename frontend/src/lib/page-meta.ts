import { createContext, useContext, useEffect } from 'react';
import { BRAND } from './site';

export interface PageMeta {
  title: string;
  description?: string;
  keywords?: readonly string[];
  /** Path or absolute URL of the sharing image; defaults to /seoimage.png (SPEC §1). */
  image?: string;
  /** Dashboard pages are kept out of search indexes. */
  noindex?: boolean;
}

export const DEFAULT_DESCRIPTION =
  'Fanmint lets creators launch a free branded store, sell exclusive videos and photo albums, and reward fans with tokens.';
export const DEFAULT_KEYWORDS = ['creator store', 'exclusive content', 'fan platform', 'creator economy', BRAND];
export const DEFAULT_IMAGE = '/seoimage.png';

/** One tag of the document head, in a form both the browser and the prerenderer can write. */
export interface HeadTag {
  tag: 'meta' | 'link';
  /** The attribute that identifies the tag, e.g. ['name', 'description'] or ['rel', 'canonical']. */
  key: readonly [string, string];
  /** The attribute that carries the value. */
  valueAttr: 'content' | 'href';
  value: string;
}

export interface ResolvedHead {
  title: string;
  tags: HeadTag[];
}

const absolute = (origin: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl}`;

/** Everything SPEC §1 asks of a page head: '{title} | {brand}', description, keywords, image, canonical, author, OG and Twitter. */
export function resolveHead(meta: PageMeta, origin: string, pathname: string): ResolvedHead {
  const title = `${meta.title} | ${BRAND}`;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const url = `${origin}${pathname}`;
  const image = absolute(origin, meta.image ?? DEFAULT_IMAGE);
  const meta_ = (attr: 'name' | 'property', key: string, value: string): HeadTag => ({
    tag: 'meta',
    key: [attr, key],
    valueAttr: 'content',
    value,
  });
  return {
    title,
    tags: [
      meta_('name', 'description', description),
      meta_('name', 'keywords', (meta.keywords ?? DEFAULT_KEYWORDS).join(', ')),
      meta_('name', 'author', BRAND),
      meta_('name', 'robots', meta.noindex ? 'noindex, nofollow' : 'index, follow'),
      { tag: 'link', key: ['rel', 'canonical'], valueAttr: 'href', value: url },
      meta_('property', 'og:type', 'article'),
      meta_('property', 'og:site_name', BRAND),
      meta_('property', 'og:title', title),
      meta_('property', 'og:description', description),
      meta_('property', 'og:url', url),
      meta_('property', 'og:image', image),
      meta_('name', 'twitter:card', 'summary_large_image'),
      meta_('name', 'twitter:title', title),
      meta_('name', 'twitter:description', description),
      meta_('name', 'twitter:image', image),
    ],
  };
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The head as HTML, for prerendered pages. */
export function headToHtml(head: ResolvedHead): string {
  const lines = [`<title>${escapeAttr(head.title)}</title>`];
  for (const tag of head.tags) {
    lines.push(`<${tag.tag} ${tag.key[0]}="${tag.key[1]}" ${tag.valueAttr}="${escapeAttr(tag.value)}" />`);
  }
  return lines.join('\n    ');
}

function applyHead(head: ResolvedHead): void {
  document.title = head.title;
  for (const tag of head.tags) {
    const selector = `${tag.tag}[${tag.key[0]}="${tag.key[1]}"]`;
    let el = document.head.querySelector(selector);
    if (!el) {
      el = document.createElement(tag.tag);
      el.setAttribute(tag.key[0], tag.key[1]);
      document.head.appendChild(el);
    }
    el.setAttribute(tag.valueAttr, tag.value);
  }
}

/** Collects the meta of the page being prerendered (the server has no document to write to). */
export interface HeadCollector {
  meta?: PageMeta;
}

export const HeadCollectorContext = createContext<HeadCollector | null>(null);

/** Sets the page's title and head tags; while prerendering, hands them to the collector instead. */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(HeadCollectorContext);
  if (collector) collector.meta = meta;
  const { title, description, image, noindex } = meta;
  const keywords = meta.keywords?.join('|');
  useEffect(() => {
    applyHead(
      resolveHead(
        { title, description, image, noindex, keywords: keywords ? keywords.split('|') : undefined },
        window.location.origin,
        window.location.pathname,
      ),
    );
  }, [title, description, image, noindex, keywords]);
}
