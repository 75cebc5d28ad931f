// Moved to the shared folder (General Settings uses it too); kept here so the auth pages' imports stand.
export { PasswordChecklist, type PasswordChecklistProps } from '@/shared/PasswordChecklist';
