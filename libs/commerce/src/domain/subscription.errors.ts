import { AppError } from '#app/platform';

/** What the Subscription aggregate refuses. */
export const SubscriptionErrors = {
  notFound: () => new AppError(404, 'subscription_not_found', 'Subscription not found'),
  /** The wire's answer when a fan changes the renewal of a subscription that is no longer active. */
  ended: () => new AppError(409, 'subscription_ended', 'This subscription has ended: subscribe again from the store'),
  transitionNotAllowed: (from: string, action: string) =>
    new AppError(
      409,
      'subscription_transition_not_allowed',
      `A subscription that is ${from} cannot ${action}`,
      undefined,
      { from, action },
    ),
};
