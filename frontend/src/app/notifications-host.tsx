import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';

/** Toasts: top right, closing after 5 s (SPEC §9). Loaded after the first paint. */
export default function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={1000} />;
}
