import { useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  type RouteObject,
} from 'react-router-dom';
import { trackPageView } from '../lib/analytics';
import { COMING_SOON_ROUTES } from '../features/coming-soon/coming-soon-routes';
import { CookieBanner } from '../features/cookie-consent/components/CookieBanner';
import { COLLABORATORS_ROUTES } from '../features/collaborators/collaborators-routes';
import { CREATOR_STUDIO_ROUTES } from '../features/creator-studio/creator-studio-routes';
import { PURCHASES_ROUTES } from '../features/purchases/purchases-routes';
import { EARNINGS_ROUTES } from '../features/earnings/earnings-routes';
import { DASHBOARD_EXTRA_ROUTES, DASHBOARD_NAV, isDashboardRoute } from '../features/dashboard/dashboard-nav';
import { PublicLayout } from '../features/layout/components/PublicLayout';
import { LOCKED_PREVIEW_ROUTES } from '../features/locked-previews/preview-routes';
import { PUBLIC_PAGES } from './public-pages';

function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname), [pathname]);
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <CookieBanner />
    </>
  );
}

/** Dashboard pages that are built; every other dashboard route shows a placeholder. Loaded on demand. */
const BUILT_DASHBOARD_PAGES = {
  '/dashboard/settings': 'GeneralSettingsPage',
  '/dashboard/security': 'SecuritySettingsPage',
  '/dashboard/rewards': 'RewardsPage',
  '/dashboard/verification': 'VerificationPage',
  '/dashboard/messages': 'MessagesPage',
  '/dashboard/messages/mass': 'MassMessagesPage',
  '/dashboard/posts': 'PostsPage',
} as const;

type DashboardPageName = Exclude<
  keyof typeof import('./dashboard-pages'),
  'DashboardPlaceholderPage' | 'LockedPreviewPage' | 'PhasedPreviewPage' | 'ComingSoonFeaturePage'
>;

const dashboardPage = (name: DashboardPageName) => async () => ({
  Component: (await import('./dashboard-pages'))[name],
});

/** Dashboard routes whose page switches on the launch phase itself: the live feature, or the same locked preview. */
const LIVE_PHASE_PAGES: Readonly<Record<string, DashboardPageName>> = {
  ...CREATOR_STUDIO_ROUTES,
  ...COLLABORATORS_ROUTES,
  ...PURCHASES_ROUTES,
  ...EARNINGS_ROUTES,
};

/** Locked-feature previews and Coming Soon pages: one page component each, told which content to show. */
const featurePageRoutes: RouteObject[] = [
  ...Object.entries(LOCKED_PREVIEW_ROUTES).map(([to, preview]) => ({
    path: to.replace('/dashboard/', ''),
    // Creator pages switch on the launch phase themselves: live page, or this same preview.
    lazy:
      to in LIVE_PHASE_PAGES
        ? dashboardPage(LIVE_PHASE_PAGES[to])
        : async () => {
            const { PhasedPreviewPage } = await import('./dashboard-pages');
            return {
              Component: function LockedPreviewRoute() {
                return <PhasedPreviewPage preview={preview} />;
              },
            };
          },
  })),
  ...Object.entries(COMING_SOON_ROUTES).map(([to, page]) => ({
    path: to.replace('/dashboard/', ''),
    lazy: async () => {
      const { ComingSoonFeaturePage } = await import('./dashboard-pages');
      return {
        Component: function ComingSoonRoute() {
          return <ComingSoonFeaturePage page={page} />;
        },
      };
    },
  })),
];

const hasFeaturePage = (to: string) => to in LOCKED_PREVIEW_ROUTES || to in COMING_SOON_ROUTES;

const dashboardChildren: RouteObject[] = [
  { index: true, lazy: dashboardPage('DashboardHomePage') },
  ...Object.entries(BUILT_DASHBOARD_PAGES).map(([to, name]) => ({
    path: to.replace('/dashboard/', ''),
    lazy: dashboardPage(name),
  })),
  ...featurePageRoutes,
  ...[...DASHBOARD_NAV.flatMap((group) => group.items), ...DASHBOARD_EXTRA_ROUTES]
    .filter(
      (item) =>
        isDashboardRoute(item.to) &&
        item.to !== '/dashboard' &&
        !(item.to in BUILT_DASHBOARD_PAGES) &&
        !hasFeaturePage(item.to),
    )
    .map((item) => ({
      path: item.to.replace('/dashboard/', ''),
      lazy: async () => {
        const { DashboardPlaceholderPage } = await import('./dashboard-pages');
        return {
          Component: function DashboardPlaceholderRoute() {
            return <DashboardPlaceholderPage title={item.label} />;
          },
        };
      },
    })),
];

/** The moderator/admin console: its own chunk, rendered in the browser only (never prerendered). */
const adminPage = (name: keyof typeof import('./admin-pages')) => async () => ({
  Component: (await import('./admin-pages'))[name],
});

const adminRoutes: RouteObject = {
  path: '/admin',
  children: [
    { path: 'sign-in', lazy: adminPage('AdminSignInRoute') },
    {
      lazy: adminPage('AdminLayout'),
      children: [
        { index: true, element: <Navigate to="/admin/verifications" replace /> },
        { path: 'verifications', lazy: adminPage('VerificationQueuePage') },
        { path: 'verifications/:id', lazy: adminPage('VerificationDetailPage') },
        { path: 'users', lazy: adminPage('AdminUsersPage') },
        { path: 'site-password', lazy: adminPage('SitePasswordPage') },
        { path: 'audit-log', lazy: adminPage('AuditLogPage') },
        { path: 'content', lazy: adminPage('ContentQueuePage') },
        { path: 'content/:id', lazy: adminPage('ContentDetailPage') },
        { path: 'moderation', lazy: adminPage('ModerationCasesPage') },
        { path: 'moderation/:id', lazy: adminPage('CaseDetailPage') },
        { path: 'compliance', lazy: adminPage('ComplianceReportsPage') },
      ],
    },
  ],
};

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PAGES.map(({ path, lazy }) => ({ path, lazy })),
          { path: '/signup', element: <Navigate to="/sign-up" replace /> },
          {
            // A store's page renders in the browser only (the server answers /stores/{slug} with the app shell).
            path: '/stores/:slug',
            lazy: async () => {
              const [{ StorePage }, { withQueryClient }] = await Promise.all([
                import('../features/storefront/pages/StorePage'),
                import('../lib/query-client'),
              ]);
              return { Component: withQueryClient(StorePage) };
            },
          },
          {
            // A fan's feed of the stores they follow or subscribe to (signed in, browser only).
            path: '/feed',
            lazy: async () => {
              const [{ FeedRoute }, { withQueryClient }] = await Promise.all([
                import('../features/posts/pages/FeedRoute'),
                import('../lib/query-client'),
              ]);
              return { Component: withQueryClient(FeedRoute) };
            },
          },
          {
            // Where the acquirer's hosted payment page sends the fan back (signed in, browser only).
            path: '/checkout/return',
            lazy: async () => {
              const [{ CheckoutReturnRoute }, { withQueryClient }] = await Promise.all([
                import('../features/purchases/pages/CheckoutReturnRoute'),
                import('../lib/query-client'),
              ]);
              return { Component: withQueryClient(CheckoutReturnRoute) };
            },
          },
          {
            path: '*',
            lazy: async () => ({ Component: (await import('../features/errors/pages/NotFoundPage')).NotFoundPage }),
          },
        ],
      },
      {
        path: '/dashboard',
        lazy: dashboardPage('DashboardLayout'),
        children: dashboardChildren,
      },
      adminRoutes,
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
