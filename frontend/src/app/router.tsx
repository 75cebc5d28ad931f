import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { AccountLockedPage } from '../features/auth/pages/AccountLockedPage';
import { CheckEmailPage } from '../features/auth/pages/CheckEmailPage';
import { CreateNewPasswordPage } from '../features/auth/pages/CreateNewPasswordPage';
import { ForgotPasswordPage } from '../features/auth/pages/ForgotPasswordPage';
import { InstructionsAfterResetPage } from '../features/auth/pages/InstructionsAfterResetPage';
import { ResetPasswordPage } from '../features/auth/pages/ResetPasswordPage';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { SignUpPage } from '../features/auth/pages/SignUpPage';
import { VerifyEmailPage } from '../features/auth/pages/VerifyEmailPage';
import { ProtectedRoute } from '../features/auth/components/ProtectedRoute';
import { CookieBanner } from '../features/cookie-consent/components/CookieBanner';
import { DashboardShell } from '../features/dashboard/components/DashboardShell';
import { DASHBOARD_EXTRA_ROUTES, DASHBOARD_NAV } from '../features/dashboard/dashboard-nav';
import { DashboardHomePage } from '../features/dashboard/pages/DashboardHomePage';
import { DashboardPlaceholderPage } from '../features/dashboard/pages/DashboardPlaceholderPage';
import { GeneralSettingsPage } from '../features/dashboard/pages/GeneralSettingsPage';
import { NotFoundPage } from '../features/errors/pages/NotFoundPage';
import { PublicLayout } from '../features/layout/components/PublicLayout';
import { PlaceholderPage } from '../features/layout/pages/PlaceholderPage';
import { LostAccessTo2faPage } from '../features/two-factor/pages/LostAccessTo2faPage';
import { SecuritySettingsPage } from '../features/two-factor/pages/SecuritySettingsPage';
import { TwoFaLoginPage } from '../features/two-factor/pages/TwoFaLoginPage';
import { PRODUCT_SLUG } from '../lib/site';

/** Public pages that later issues build out; each route exists now so navigation never dead-ends. */
const PUBLIC_PLACEHOLDERS: { path: string; title: string; line?: string }[] = [
  { path: '/', title: 'Fanmint', line: 'Launch your free branded creator store. Early sign-up is live now.' },
  { path: '/stores', title: 'Creator Stores Coming Soon' },
  { path: '/categories', title: 'Categories Coming Soon' },
  { path: `/${PRODUCT_SLUG}-platform`, title: 'The Fanmint Platform' },
  { path: '/official-token', title: 'Official Token' },
  { path: '/official-social-channels', title: 'Official Social Channels' },
  { path: '/roadmap', title: 'Roadmap' },
  { path: '/faq', title: 'FAQ' },
  { path: '/contact-us', title: 'Contact Us' },
  { path: '/contact', title: 'Contact' },
  { path: '/help-center', title: 'FAQ & Help Center' },
  { path: '/support', title: 'Support' },
  { path: '/terms', title: 'Terms & Conditions' },
  { path: '/privacy', title: 'Privacy Policy' },
  { path: '/refund-policy', title: 'Refund & Return Policy' },
  { path: '/chargeback-policy', title: 'Chargeback & Fraud Mitigation Policy' },
  { path: '/user-creator-agreement', title: 'User Creator Agreement' },
  { path: '/complaints-policy', title: 'Complaints Policy' },
  { path: '/content-management-policy', title: 'Content Management Policy' },
];

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
      <CookieBanner />
    </>
  );
}

/** Dashboard pages that are built; every other dashboard route shows a placeholder. */
const DASHBOARD_PAGES: Record<string, RouteObject['element']> = {
  '/dashboard/settings': <GeneralSettingsPage />,
  '/dashboard/security': <SecuritySettingsPage />,
};

const dashboardChildren: RouteObject[] = [
  { index: true, element: <DashboardHomePage /> },
  ...Object.entries(DASHBOARD_PAGES).map(([to, element]) => ({ path: to.replace('/dashboard/', ''), element })),
  ...[...DASHBOARD_NAV.flatMap((group) => group.items), ...DASHBOARD_EXTRA_ROUTES]
    .filter((item) => item.to !== '/dashboard' && !(item.to in DASHBOARD_PAGES))
    .map((item) => ({
      path: item.to.replace('/dashboard/', ''),
      element: <DashboardPlaceholderPage title={item.label} />,
    })),
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          ...PUBLIC_PLACEHOLDERS.map(({ path, title, line }) => ({
            path,
            element: <PlaceholderPage title={title} line={line} />,
          })),
          { path: '/signup', element: <Navigate to="/sign-up" replace /> },
          { path: '/sign-in', element: <SignInPage /> },
          { path: '/two-fa-login', element: <TwoFaLoginPage /> },
          { path: '/lost-access-to-2fa', element: <LostAccessTo2faPage /> },
          { path: '/sign-up', element: <SignUpPage /> },
          { path: '/check-email', element: <CheckEmailPage /> },
          { path: '/verify-email', element: <VerifyEmailPage /> },
          { path: '/forgot-password', element: <ForgotPasswordPage /> },
          { path: '/reset-password', element: <ResetPasswordPage /> },
          { path: '/instructions-after-reset', element: <InstructionsAfterResetPage /> },
          { path: '/account-locked', element: <AccountLockedPage /> },
          { path: '/create-new-password/:token', element: <CreateNewPasswordPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/dashboard',
        element: (
          <ProtectedRoute>
            <DashboardShell />
          </ProtectedRoute>
        ),
        children: dashboardChildren,
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
