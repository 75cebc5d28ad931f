import { notifications, type NotificationData } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 5000;

/** Every toast's close button needs an accessible name (Mantine renders an icon-only button). */
export const TOAST_CLOSE_LABEL = 'Close notification';

function show(color: string, message: string, title?: string) {
  const data: NotificationData = {
    color,
    title,
    message,
    closeButtonProps: { 'aria-label': TOAST_CLOSE_LABEL },
  };
  return notifications.show(data);
}

export const notify = {
  success: (message: string, title?: string) => show('green', message, title),
  error: (message: string, title?: string) => show('red', message, title),
  info: (message: string, title?: string) => show('blue', message, title),
};

/** A live notice (a sale, a receipt, a moderator's decision): its own colour and title. */
export const showNotice = ({ color, title, message }: { color: string; title: string; message: string }) =>
  show(color, message, title);
