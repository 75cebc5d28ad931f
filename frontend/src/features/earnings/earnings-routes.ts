/** The creator's money pages in the live phase (locked previews before it). */
export const EARNINGS_ROUTES = {
  '/dashboard/sales': 'SalesRoute',
  '/dashboard/billingandpayments': 'BillingRoute',
} as const;
