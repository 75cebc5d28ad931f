import { useEffect } from 'react';
import { BRAND } from './site';

export interface PageMeta {
  title: string;
  description?: string;
  /** Dashboard pages are kept out of search indexes. */
  noindex?: boolean;
}

const DEFAULT_DESCRIPTION =
  'Fanmint lets creators launch a free branded store, sell exclusive videos and photo albums, and reward fans with tokens.';

function upsertMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

function setCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/** Sets '{title} | Fanmint', the description, canonical and sharing tags, and robots for the current page. */
export function usePageMeta({ title, description = DEFAULT_DESCRIPTION, noindex = false }: PageMeta): void {
  useEffect(() => {
    const fullTitle = `${title} | ${BRAND}`;
    document.title = fullTitle;
    const url = `${window.location.origin}${window.location.pathname}`;
    upsertMeta('name', 'description', description);
    upsertMeta('property', 'og:title', fullTitle);
    upsertMeta('property', 'og:description', description);
    upsertMeta('property', 'og:url', url);
    upsertMeta('name', 'twitter:title', fullTitle);
    upsertMeta('name', 'twitter:description', description);
    setCanonical(url);

    const robots = document.head.querySelector('meta[name="robots"]');
    if (noindex) upsertMeta('name', 'robots', 'noindex');
    else robots?.remove();
  }, [title, description, noindex]);
}
