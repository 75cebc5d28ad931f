import { notifications } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 5000;

export const notify = {
  success: (message: string, title?: string) => notifications.show({ color: 'green', title, message }),
  error: (message: string, title?: string) => notifications.show({ color: 'red', title, message }),
  info: (message: string, title?: string) => notifications.show({ color: 'blue', title, message }),
};
