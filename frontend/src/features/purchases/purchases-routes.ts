/** The fan's commerce pages in the live phase (locked previews before it). */
export const PURCHASES_ROUTES = {
  '/dashboard/purchases': 'PurchaseHistoryRoute',
  '/dashboard/favorite-stores': 'FavoriteStoresRoute',
  '/dashboard/myreferrals': 'ReferralsRoute',
} as const;
