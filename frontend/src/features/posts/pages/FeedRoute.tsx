import { Navigate } from 'react-router-dom';
import { getToken } from '../../../lib/storage';
import { ProtectedRoute, withNext } from '@/features/auth';
import { FeedPage } from './FeedPage';

const FEED_PATH = '/feed';

/**
 * /feed: signed-in only, like the dashboard's fan pages. A visitor without a session signs in and comes
 * back here; a stored session is checked by the same guard as the dashboard's.
 */
export function FeedRoute() {
  if (!getToken()) return <Navigate to={withNext('/sign-in', FEED_PATH)} replace />;
  return (
    <ProtectedRoute>
      <FeedPage />
    </ProtectedRoute>
  );
}
