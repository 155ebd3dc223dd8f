import { ScreenNotBuilt } from '@td/platform';

export function PaperTradingPage() {
  return <ScreenNotBuilt title="Paper Trading" summary="Being built." />;
}
