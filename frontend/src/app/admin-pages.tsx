import '../features/admin/admin-styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { AdminGuard } from '../features/admin/components/AdminGuard';
import { AdminShell } from '../features/admin/components/AdminShell';
import { AdminSignInPage } from '../features/admin/pages/AdminSignInPage';
import { sharedQueryClient } from '../lib/query-client';

export { AdminUsersPage } from '../features/admin/pages/AdminUsersPage';
export { AuditLogPage } from '../features/admin/pages/AuditLogPage';
export { CaseDetailPage } from '../features/admin/pages/CaseDetailPage';
export { ComplianceReportsPage } from '../features/admin/pages/ComplianceReportsPage';
export { ContentDetailPage } from '../features/admin/pages/ContentDetailPage';
export { ContentQueuePage } from '../features/admin/pages/ContentQueuePage';
export { ModerationCasesPage } from '../features/admin/pages/ModerationCasesPage';
export { SitePasswordPage } from '../features/admin/pages/SitePasswordPage';
export { VerificationDetailPage } from '../features/admin/pages/VerificationDetailPage';
export { VerificationQueuePage } from '../features/admin/pages/VerificationQueuePage';

/** The moderator/admin console: one chunk, loaded only under /admin, rendered in the browser only. */
export function AdminLayout() {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <AdminGuard>
        <AdminShell />
      </AdminGuard>
    </QueryClientProvider>
  );
}

export function AdminSignInRoute() {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <AdminSignInPage />
    </QueryClientProvider>
  );
}
