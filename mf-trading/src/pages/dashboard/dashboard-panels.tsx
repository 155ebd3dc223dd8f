import { lazyScreen } from '@td/platform';
import { Card, Skeleton } from '@td/ui';
import { Suspense } from 'react';

type Cards = typeof import('./dashboard-panel-cards');
type CardName = keyof Cards;

let loaded: Cards | null = null;

/**
 * The dashboard's heavier cards (trading loop, ML, the pipeline with mf-ml's sentiment panel, recent
 * activity) are one chunk fetched when the dashboard first renders: the portfolio value and the
 * market status, in the first load, paint without waiting for them (docs/decisions/0046). Their
 * data calls leave after the figures' own, so the server answers the figures first.
 */
export const loadDashboardPanels = (): Promise<Cards> =>
  import('./dashboard-panel-cards').then((cards) => {
    loaded = cards;
    return cards;
  });

const lazyCards = {
  TradingLoopCard: lazyScreen(loadDashboardPanels, 'TradingLoopCard'),
  MlIntelligenceCard: lazyScreen(loadDashboardPanels, 'MlIntelligenceCard'),
  IntelligencePipelineCard: lazyScreen(loadDashboardPanels, 'IntelligencePipelineCard'),
  RecentActivityCard: lazyScreen(loadDashboardPanels, 'RecentActivityCard'),
} satisfies Record<CardName, unknown>;

/**
 * A card from the lazy chunk. While its code loads, a card with the same title and a skeleton holds
 * its place, so nothing moves or looks empty; once the chunk is in (a second visit), it renders at
 * once, without a placeholder frame.
 */
function PanelCard({ name, title, lines }: { name: CardName; title: string; lines: number }) {
  if (loaded) {
    const Loaded = loaded[name];
    return <Loaded />;
  }
  const Lazy = lazyCards[name];
  return (
    <Suspense
      fallback={
        <Card title={title}>
          <Skeleton lines={lines} label={`Loading ${title}`} />
        </Card>
      }
    >
      <Lazy />
    </Suspense>
  );
}

export const LazyTradingLoopCard = () => <PanelCard name="TradingLoopCard" title="Trading Loop" lines={5} />;
export const LazyMlIntelligenceCard = () => (
  <PanelCard name="MlIntelligenceCard" title="ML Intelligence" lines={4} />
);
export const LazyIntelligencePipelineCard = () => (
  <PanelCard name="IntelligencePipelineCard" title="Data Intelligence Pipeline" lines={4} />
);
export const LazyRecentActivityCard = () => (
  <PanelCard name="RecentActivityCard" title="Recent Activity" lines={4} />
);
