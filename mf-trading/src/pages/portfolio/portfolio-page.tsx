import { ScreenNotBuilt } from '@td/platform';

export function PortfolioPage() {
  return <ScreenNotBuilt title="Portfolio" summary="Being built." />;
}
