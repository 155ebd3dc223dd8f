// The lazy chunk behind dashboard-panels.tsx: the cards that paint after the figures.
export { IntelligencePipelineCard } from './intelligence-pipeline-card';
export { MlIntelligenceCard } from './ml-intelligence-card';
export { RecentActivityCard } from './recent-activity-card';
export { TradingLoopCard } from './trading-loop-card';
