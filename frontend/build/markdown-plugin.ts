import { marked } from 'marked';
import type { Plugin } from 'vite';

/**
 * Imports `*.md` files as their HTML, rendered at build time, so page text lives as Markdown beside
 * the page and no Markdown parser ships to the browser.
 */
export function markdown(): Plugin {
  return {
    name: 'fanmint-markdown',
    enforce: 'pre',
    async transform(source, id) {
      if (!id.endsWith('.md')) return null;
      const html = await marked.parse(source, { gfm: true });
      return { code: `export default ${JSON.stringify(html)};`, map: null };
    },
  };
}
