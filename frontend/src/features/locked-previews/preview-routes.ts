import type { LockedPreviewKey } from './preview-content';

/** Dashboard routes that show a locked-feature preview, and which one (SPEC §2). */
export const LOCKED_PREVIEW_ROUTES: Readonly<Record<string, LockedPreviewKey>> = {
  '/dashboard/billingandpayments': 'billing',
  '/dashboard/billing': 'billing',
  '/dashboard/billing/receipts/:id': 'billing',
  '/dashboard/collaborators': 'collaborators',
  // The spec keeps this path as a second address of the Collaborators page.
  '/dashboard/demo-page-testing': 'collaborators',
  '/dashboard/photo-albums': 'photo-albums',
  '/dashboard/my-videos': 'videos',
  '/dashboard/purchases': 'purchases',
  '/dashboard/myreferrals': 'referrals',
  '/dashboard/sales': 'sales',
  '/dashboard/favorite-stores': 'favorite-stores',
  '/dashboard/mystoresettings': 'store-settings',
  '/dashboard/lockedpage': 'analytics',
};
