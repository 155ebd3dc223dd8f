// The stream frames' schemas, loaded when the dashboard first subscribes (use-frames-on-topic.ts):
// the dashboard's first render does not wait for zod (docs/decisions/0046).
export { indicesFrameSchema, portfolioOverviewSchema as portfolioFrameSchema } from '@td/contracts';
