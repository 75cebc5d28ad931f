import { vi } from 'vitest';
import { renderRoutes } from '../../../test/render';
import { createAuthMock, resetAuthMock } from '../../../test/mock-auth';
import { AdminGuard } from '../components/AdminGuard';
import { AdminShell } from '../components/AdminShell';
import { AdminSignInPage } from '../pages/AdminSignInPage';
import { AdminUsersPage } from '../pages/AdminUsersPage';
import { AuditLogPage } from '../pages/AuditLogPage';
import { CaseDetailPage } from '../pages/CaseDetailPage';
import { ComplianceReportsPage } from '../pages/ComplianceReportsPage';
import { ContentDetailPage } from '../pages/ContentDetailPage';
import { ContentQueuePage } from '../pages/ContentQueuePage';
import { ModerationCasesPage } from '../pages/ModerationCasesPage';
import { SitePasswordPage } from '../pages/SitePasswordPage';
import { VerificationDetailPage } from '../pages/VerificationDetailPage';
import { VerificationQueuePage } from '../pages/VerificationQueuePage';
import type { AdminMe, VerificationDetail, VerificationItem } from '../services/admin.types';

export { json, stubFetch } from '../../../test/mock-auth';

/** The console's own GoTrueClient, replaced at the module boundary. */
export function createAdminAuthMock() {
  return { ...createAuthMock(), signInWithPassword: vi.fn() };
}

export type AdminAuthMock = ReturnType<typeof createAdminAuthMock>;

export function resetAdminAuthMock(auth: AdminAuthMock) {
  resetAuthMock(auth);
  auth.signInWithPassword.mockReset();
  auth.getSession.mockResolvedValue({ data: { session: null }, error: null });
  auth.signOut.mockResolvedValue({ error: null });
}

export const MODERATOR: AdminMe = { id: 'mod-1', email: 'mod@fanmint.test', role: 'moderator', aal: 'aal2' };
export const ADMIN: AdminMe = { id: 'admin-1', email: 'admin@fanmint.test', role: 'admin', aal: 'aal2' };

/** The /admin route tree as the router declares it, without the lazy chunk (and with the test's query client). */
export function renderAdmin(path: string) {
  return renderRoutes(
    [
      { path: '/admin/sign-in', element: <AdminSignInPage /> },
      {
        path: '/admin',
        element: (
          <AdminGuard>
            <AdminShell />
          </AdminGuard>
        ),
        children: [
          { path: 'verifications', element: <VerificationQueuePage /> },
          { path: 'verifications/:id', element: <VerificationDetailPage /> },
          { path: 'users', element: <AdminUsersPage /> },
          { path: 'site-password', element: <SitePasswordPage /> },
          { path: 'audit-log', element: <AuditLogPage /> },
          { path: 'content', element: <ContentQueuePage /> },
          { path: 'content/:id', element: <ContentDetailPage /> },
          { path: 'moderation', element: <ModerationCasesPage /> },
          { path: 'moderation/:id', element: <CaseDetailPage /> },
          { path: 'compliance', element: <ComplianceReportsPage /> },
        ],
      },
      { path: '/dashboard/security', element: <p>Security settings</p> },
    ],
    path,
  );
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function verification(overrides: Partial<VerificationDetail> = {}): VerificationDetail {
  return {
    id: 'v-1',
    userId: 'user-1',
    userEmail: 'ada@example.com',
    fullName: 'Ada Lovelace',
    dateOfBirth: '1990-06-15',
    country: 'GB',
    countryName: 'United Kingdom',
    status: 'processing',
    claim: { state: 'open', expiresAt: null },
    submittedAt: minutesAgo(180),
    claimedBy: null,
    claimedAt: null,
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    images: { userPhotoWithId: '/api/files/selfie?sig=1', idPhoto: '/api/files/id?sig=1' },
    ...overrides,
  };
}

export { minutesAgo };

/** A list item: the detail without its image links. */
export function listItem(overrides: Partial<VerificationDetail> = {}): VerificationItem {
  const item: Partial<VerificationDetail> = verification(overrides);
  delete item.images;
  return item as VerificationItem;
}

export function bodyOf(init: RequestInit | undefined): unknown {
  return JSON.parse(String(init?.body));
}

export function bearerOf(init: RequestInit | undefined): string | null {
  return new Headers(init?.headers).get('Authorization');
}
