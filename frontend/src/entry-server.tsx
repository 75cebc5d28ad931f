import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { routes } from './app/router';
import { PAGE_MODULES, PRERENDERED_PATHS, SITEMAP_PATHS } from './app/public-pages';
import { SiteGatePage } from './features/site-gate/pages/SiteGatePage';
import { headToHtml, HeadCollectorContext, resolveHead, type HeadCollector } from './lib/page-meta';

export { PAGE_MODULES, PRERENDERED_PATHS, SITEMAP_PATHS };

export interface RenderedPage {
  /** The app's markup for #root. */
  html: string;
  /** Title and meta tags for <head>. */
  head: string;
}

const ORIGIN = '__SITE_ORIGIN__';

/** Renders one route of the app to HTML at build time, with the head its page asked for. */
export async function renderRoute(path: string): Promise<RenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.invalid${path}`));
  if (context instanceof Response) throw new Error(`Prerendering ${path} answered a redirect (${context.status})`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const collector: HeadCollector = {};
  const html = renderToString(
    <HeadCollectorContext.Provider value={collector}>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </HeadCollectorContext.Provider>,
  );
  if (!collector.meta) throw new Error(`The page at ${path} did not call usePageMeta`);
  return { html, head: headToHtml(resolveHead(collector.meta, ORIGIN, path)) };
}

/** The 'Password Page' served instead of every page while a site password is set. */
export function renderGate(): RenderedPage {
  const collector: HeadCollector = {};
  const html = renderToString(
    <HeadCollectorContext.Provider value={collector}>
      <Providers>
        <SiteGatePage />
      </Providers>
    </HeadCollectorContext.Provider>,
  );
  const head = headToHtml(resolveHead({ ...collector.meta!, noindex: true }, ORIGIN, '/'));
  return { html, head: `${head}\n    <meta name="fanmint-site-gate" content="locked" />` };
}
