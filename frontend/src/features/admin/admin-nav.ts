import {
  IconFileAnalytics,
  IconFlag,
  IconHistory,
  IconIdBadge2,
  IconLock,
  IconPhotoCheck,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { StaffRole } from './services/admin.types';

export interface AdminNavItem {
  to: string;
  label: string;
  icon: Icon;
  /** Hidden from moderators (the API refuses them anyway). */
  adminOnly: boolean;
}

export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin/verifications', label: 'Verification queue', icon: IconIdBadge2, adminOnly: false },
  { to: '/admin/content', label: 'Content review', icon: IconPhotoCheck, adminOnly: false },
  { to: '/admin/moderation', label: 'Moderation cases', icon: IconFlag, adminOnly: false },
  { to: '/admin/compliance', label: 'Compliance reports', icon: IconFileAnalytics, adminOnly: true },
  { to: '/admin/users', label: 'Users', icon: IconUsers, adminOnly: true },
  { to: '/admin/site-password', label: 'Site password', icon: IconLock, adminOnly: true },
  { to: '/admin/audit-log', label: 'Audit log', icon: IconHistory, adminOnly: true },
];

export function navFor(role: StaffRole): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => role === 'admin' || !item.adminOnly);
}
