import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';
import classes from './notifications-host.module.css';

/**
 * Toasts: top right, closing after 5 s (SPEC §9), below the headers. Stacking: headers 100, cookie
 * banner 250, dialogs 500, toasts 600 (a dialog's outcome stays readable), navigation drawers 700
 * (an open menu is never covered).
 */
const TOAST_Z_INDEX = 600;

export default function NotificationsHost() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} zIndex={TOAST_Z_INDEX} classNames={{ root: classes.root }} />;
}
