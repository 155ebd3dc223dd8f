import { ScreenNotBuilt } from '@td/platform';

export function TradesPage() {
  return <ScreenNotBuilt title="Trading History" summary="Being built." />;
}
