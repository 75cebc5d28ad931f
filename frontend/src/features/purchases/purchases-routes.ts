/** The fan's commerce pages in the live phase (locked previews before it). */
export const PURCHASES_ROUTES = {
  '/dashboard/purchases': 'PurchaseHistoryRoute',
  '/dashboard/favorite-stores': 'FavoriteStoresRoute',
  '/dashboard/myreferrals': 'ReferralsRoute',
  '/dashboard/billing': 'FanBillingRoute',
  '/dashboard/billing/receipts/:id': 'ReceiptRoute',
} as const;
