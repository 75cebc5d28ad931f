// The dashboard's unread badge and the store page's Message button; the page loads by its path.
export { MessageButton } from './components/MessageButton';
export { UnreadBadge } from './components/UnreadBadge';
export { applyUnreadEvent, messageKeys } from './hooks/use-conversations';
