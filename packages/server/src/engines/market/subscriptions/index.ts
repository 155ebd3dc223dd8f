// The market data subscriptions: what the real feed must stream, kept in step with the product.
export { DEMAND_PRIORITY, FeedDemandBook, SCREEN_DEMAND_MS } from './feed-demand';
export { type FeedSubscriptionFigures, FeedSubscriptionManager } from './feed-subscription-manager';
export {
  createFeedSubscriptions,
  type FeedSubscriptions,
  feedCapacity,
  RECONCILE_MS,
} from './feed-subscriptions';
export {
  type FeedCapacity,
  type FeedDemand,
  planSubscriptions,
  type SubscriptionMode,
} from './subscription-plan';
