import { createElement, type ComponentType } from 'react';
import type { LegalDocumentId } from '../features/legal/pages/LegalPage';
import { PRODUCT_SLUG } from '../lib/site';

export interface PublicPage {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  /** Listed in sitemap.xml (pages that only make sense from an email link or a flow are not). */
  sitemap: boolean;
}

/** Loads one named export of a page module as the route's component, in its own chunk. */
function load<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await importer()) });
}

/** Like load, for pages that fetch or mutate through the query client. */
function loadWithQuery<M>(importer: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module, { withQueryClient }] = await Promise.all([importer(), import('../lib/query-client')]);
    return { Component: withQueryClient(pick(module)) };
  };
}

const legal = (doc: LegalDocumentId): PublicPage => ({
  path: `/${doc}`,
  sitemap: true,
  lazy: load(
    () => import('../features/legal/pages/LegalPage'),
    (m) =>
      function LegalRoute() {
        return createElement(m.LegalPage, { doc });
      },
  ),
});

/** Every public route of SPEC §2. Each is prerendered at build time (scripts/prerender.mjs). */
export const PUBLIC_PAGES: PublicPage[] = [
  { path: '/', sitemap: true, lazy: load(() => import('../features/site/pages/HomePage'), (m) => m.HomePage) },
  { path: '/stores', sitemap: true, lazy: load(() => import('../features/site/pages/StoresPage'), (m) => m.StoresPage) },
  {
    path: '/categories',
    sitemap: true,
    lazy: load(() => import('../features/site/pages/CategoriesPage'), (m) => m.CategoriesPage),
  },
  {
    path: `/${PRODUCT_SLUG}-platform`,
    sitemap: true,
    lazy: load(() => import('../features/site/pages/PlatformPage'), (m) => m.PlatformPage),
  },
  {
    path: '/official-token',
    sitemap: true,
    lazy: load(() => import('../features/token/pages/OfficialTokenPage'), (m) => m.OfficialTokenPage),
  },
  {
    path: '/official-social-channels',
    sitemap: true,
    lazy: load(() => import('../features/site/pages/SocialChannelsPage'), (m) => m.SocialChannelsPage),
  },
  { path: '/roadmap', sitemap: true, lazy: load(() => import('../features/roadmap/pages/RoadmapPage'), (m) => m.RoadmapPage) },
  { path: '/faq', sitemap: true, lazy: load(() => import('../features/faq/pages/FaqPage'), (m) => m.FaqPage) },
  {
    path: '/contact-us',
    sitemap: true,
    lazy: load(() => import('../features/site/pages/ContactUsPage'), (m) => m.ContactUsPage),
  },
  { path: '/contact', sitemap: true, lazy: load(() => import('../features/site/pages/ContactPage'), (m) => m.ContactPage) },
  {
    path: '/help-center',
    sitemap: true,
    lazy: load(() => import('../features/site/pages/HelpCenterPage'), (m) => m.HelpCenterPage),
  },
  legal('terms'),
  legal('privacy'),
  legal('refund-policy'),
  legal('chargeback-policy'),
  legal('user-creator-agreement'),
  legal('complaints-policy'),
  legal('content-management-policy'),
  { path: '/sign-in', sitemap: true, lazy: loadWithQuery(() => import('../features/auth/pages/SignInPage'), (m) => m.SignInPage) },
  { path: '/sign-up', sitemap: true, lazy: loadWithQuery(() => import('../features/auth/pages/SignUpPage'), (m) => m.SignUpPage) },
  {
    path: '/forgot-password',
    sitemap: false,
    lazy: loadWithQuery(() => import('../features/auth/pages/ForgotPasswordPage'), (m) => m.ForgotPasswordPage),
  },
  {
    path: '/two-fa-login',
    sitemap: false,
    lazy: load(() => import('../features/two-factor/pages/TwoFaLoginPage'), (m) => m.TwoFaLoginPage),
  },
  {
    path: '/lost-access-to-2fa',
    sitemap: false,
    lazy: load(() => import('../features/two-factor/pages/LostAccessTo2faPage'), (m) => m.LostAccessTo2faPage),
  },
  {
    path: '/check-email',
    sitemap: false,
    lazy: load(() => import('../features/auth/pages/CheckEmailPage'), (m) => m.CheckEmailPage),
  },
  {
    path: '/verify-email',
    sitemap: false,
    lazy: loadWithQuery(() => import('../features/auth/pages/VerifyEmailPage'), (m) => m.VerifyEmailPage),
  },
  {
    path: '/reset-password',
    sitemap: false,
    lazy: loadWithQuery(() => import('../features/auth/pages/ResetPasswordPage'), (m) => m.ResetPasswordPage),
  },
  {
    path: '/instructions-after-reset',
    sitemap: false,
    lazy: load(() => import('../features/auth/pages/InstructionsAfterResetPage'), (m) => m.InstructionsAfterResetPage),
  },
  {
    path: '/account-locked',
    sitemap: false,
    lazy: load(() => import('../features/auth/pages/AccountLockedPage'), (m) => m.AccountLockedPage),
  },
  {
    path: '/create-new-password/:token',
    sitemap: false,
    lazy: loadWithQuery(() => import('../features/auth/pages/CreateNewPasswordPage'), (m) => m.CreateNewPasswordPage),
  },
  {
    path: '/support',
    sitemap: false,
    lazy: load(() => import('../features/layout/pages/SupportPage'), (m) => m.SupportPage),
  },
];

/** Paths written as static HTML at build time: every public page without a route parameter. */
export const PRERENDERED_PATHS = PUBLIC_PAGES.map((page) => page.path).filter((path) => !path.includes(':'));
export const SITEMAP_PATHS = PUBLIC_PAGES.filter((page) => page.sitemap).map((page) => page.path);
