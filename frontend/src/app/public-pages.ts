import { createElement, type ComponentType } from 'react';
import type { LegalDocumentId } from '../features/legal/pages/LegalPage';
import { PRODUCT_SLUG } from '../lib/site';

export interface PublicPage {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  /** The page's module as the build manifest names it, so the prerenderer can link its CSS and chunks. */
  module: string;
  /** Listed in sitemap.xml (pages that only make sense from an email link or a flow are not). */
  sitemap: boolean;
}

/** Every page module, each its own chunk, loaded on demand. */
const pageModules = import.meta.glob<Record<string, ComponentType<never>>>([
  '../features/*/pages/*Page.tsx',
  '!../features/**/*.test.tsx',
  '!../features/{admin,rewards,verification,locked-previews,coming-soon}/**',
]);

interface PageOptions {
  sitemap?: boolean;
  /** The page fetches or mutates through the query client. */
  query?: boolean;
  /** Props for the page component (legal pages share one component). */
  props?: Record<string, unknown>;
}

/**
 * A public route whose component is the export named like its file
 * (`features/site/pages/HomePage.tsx` exports `HomePage`).
 */
function page(path: string, file: string, { sitemap = true, query = false, props }: PageOptions = {}): PublicPage {
  const source = `../features/${file}.tsx`;
  const importer = pageModules[source];
  if (!importer) throw new Error(`No page module ${source}`);
  const name = file.split('/').pop()!;
  return {
    path,
    module: `src/features/${file}.tsx`,
    sitemap,
    lazy: async () => {
      const [module, queryClient] = await Promise.all([importer(), query ? import('../lib/query-client') : null]);
      const Page = module[name] as ComponentType<Record<string, unknown>>;
      if (!Page) throw new Error(`${source} does not export ${name}`);
      const Bound: ComponentType = props ? () => createElement(Page, props) : (Page as ComponentType);
      return { Component: queryClient ? queryClient.withQueryClient(Bound) : Bound };
    },
  };
}

const legal = (doc: LegalDocumentId) => page(`/${doc}`, 'legal/pages/LegalPage', { props: { doc } });

/** Every public route of SPEC §2. Each is prerendered at build time (scripts/prerender.mjs). */
export const PUBLIC_PAGES: PublicPage[] = [
  page('/', 'site/pages/HomePage'),
  page('/stores', 'storefront/pages/StoresPage'),
  page('/categories', 'storefront/pages/CategoriesPage'),
  page(`/${PRODUCT_SLUG}-platform`, 'site/pages/PlatformPage'),
  page('/official-token', 'token/pages/OfficialTokenPage'),
  page('/official-social-channels', 'site/pages/SocialChannelsPage'),
  page('/roadmap', 'roadmap/pages/RoadmapPage'),
  page('/faq', 'faq/pages/FaqPage'),
  page('/contact-us', 'site/pages/ContactUsPage'),
  page('/contact', 'site/pages/ContactPage'),
  page('/help-center', 'site/pages/HelpCenterPage'),
  legal('terms'),
  legal('privacy'),
  legal('refund-policy'),
  legal('chargeback-policy'),
  legal('user-creator-agreement'),
  legal('complaints-policy'),
  legal('content-management-policy'),
  page('/sign-in', 'auth/pages/SignInPage', { query: true }),
  page('/sign-up', 'auth/pages/SignUpPage', { query: true }),
  page('/forgot-password', 'auth/pages/ForgotPasswordPage', { query: true, sitemap: false }),
  page('/two-fa-login', 'two-factor/pages/TwoFaLoginPage', { sitemap: false }),
  page('/lost-access-to-2fa', 'two-factor/pages/LostAccessTo2faPage', { sitemap: false }),
  page('/check-email', 'auth/pages/CheckEmailPage', { sitemap: false }),
  page('/verify-email', 'auth/pages/VerifyEmailPage', { query: true, sitemap: false }),
  page('/reset-password', 'auth/pages/ResetPasswordPage', { query: true, sitemap: false }),
  page('/instructions-after-reset', 'auth/pages/InstructionsAfterResetPage', { sitemap: false }),
  page('/account-locked', 'auth/pages/AccountLockedPage', { sitemap: false }),
  page('/create-new-password/:token', 'auth/pages/CreateNewPasswordPage', { query: true, sitemap: false }),
  page('/support', 'layout/pages/SupportPage', { sitemap: false }),
];

/** Paths written as static HTML at build time: every public page without a route parameter. */
export const PRERENDERED_PATHS = PUBLIC_PAGES.map((entry) => entry.path).filter((path) => !path.includes(':'));
export const SITEMAP_PATHS = PUBLIC_PAGES.filter((entry) => entry.sitemap).map((entry) => entry.path);
/** The manifest key of each prerendered path's page module. */
export const PAGE_MODULES: Record<string, string> = Object.fromEntries(
  PUBLIC_PAGES.map((entry) => [entry.path, entry.module]),
);
