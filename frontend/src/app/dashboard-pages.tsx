import { ProtectedRoute } from '../features/auth/components/ProtectedRoute';
import { QueryClientProvider } from '@tanstack/react-query';
import { DashboardShell } from '../features/dashboard/components/DashboardShell';
import { sharedQueryClient } from '../lib/query-client';

export { DashboardHomePage } from '../features/dashboard/pages/DashboardHomePage';
export { DashboardPlaceholderPage } from '../features/dashboard/pages/DashboardPlaceholderPage';
export { GeneralSettingsPage } from '../features/account-settings';
export { LockedPreviewPage } from '../features/locked-previews/pages/LockedPreviewPage';
export { PhasedPreviewPage } from '../features/locked-previews/pages/PhasedPreviewPage';
export { ComingSoonFeaturePage } from '../features/coming-soon/pages/ComingSoonFeaturePage';
export { SecuritySettingsPage } from '../features/two-factor/pages/SecuritySettingsPage';
export { RewardsPage } from '../features/rewards/pages/RewardsPage';
export { VerificationPage } from '../features/verification/pages/VerificationPage';
export {
  MyPhotoAlbumsRoute,
  MyVideosRoute,
  StoreSettingsRoute,
} from '../features/creator-studio/pages/creator-studio-routes';
export { CollaboratorsRoute } from '../features/collaborators/pages/CollaboratorsRoute';
export {
  FanBillingRoute,
  FavoriteStoresRoute,
  PurchaseHistoryRoute,
  ReceiptRoute,
  ReferralsRoute,
} from '../features/purchases/pages/purchases-routes';
export { MessagesPage } from '../features/messages/pages/MessagesPage';
export { MassMessagesPage } from '../features/messages/pages/MassMessagesPage';
export { PostsPage } from '../features/posts/pages/PostsPage';
export { BillingRoute, SalesRoute } from '../features/earnings/pages/earnings-routes';

/** The login guard around the dashboard shell: one chunk, loaded only when /dashboard is opened. */
export function DashboardLayout() {
  return (
    <QueryClientProvider client={sharedQueryClient()}>
      <ProtectedRoute>
        <DashboardShell />
      </ProtectedRoute>
    </QueryClientProvider>
  );
}
