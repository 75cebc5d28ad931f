import { useEffect } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, useLocation, type RouteObject } from 'react-router-dom';
import { trackPageView } from '../lib/analytics';
import { CookieBanner } from '../features/cookie-consent/components/CookieBanner';
import { DASHBOARD_EXTRA_ROUTES, DASHBOARD_NAV } from '../features/dashboard/dashboard-nav';
import { PublicLayout } from '../features/layout/components/PublicLayout';
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
} as const;

type DashboardPageName = Exclude<keyof typeof import('./dashboard-pages'), 'DashboardPlaceholderPage'>;

const dashboardPage = (name: DashboardPageName) => async () => ({
  Component: (await import('./dashboard-pages'))[name],
});

const dashboardChildren: RouteObject[] = [
  { index: true, lazy: dashboardPage('DashboardHomePage') },
  ...Object.entries(BUILT_DASHBOARD_PAGES).map(([to, name]) => ({
    path: to.replace('/dashboard/', ''),
    lazy: dashboardPage(name),
  })),
  ...[...DASHBOARD_NAV.flatMap((group) => group.items), ...DASHBOARD_EXTRA_ROUTES]
    .filter((item) => item.to !== '/dashboard' && !(item.to in BUILT_DASHBOARD_PAGES))
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

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PAGES.map(({ path, lazy }) => ({ path, lazy })),
          { path: '/signup', element: <Navigate to="/sign-up" replace /> },
          { path: '*', lazy: async () => ({ Component: (await import('../features/errors/pages/NotFoundPage')).NotFoundPage }) },
        ],
      },
      {
        path: '/dashboard',
        lazy: dashboardPage('DashboardLayout'),
        children: dashboardChildren,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
