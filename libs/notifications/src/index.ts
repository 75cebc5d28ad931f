export { NotificationsModule } from './notifications.module.js';
export { renderEmail } from './templates/render-email.js';
