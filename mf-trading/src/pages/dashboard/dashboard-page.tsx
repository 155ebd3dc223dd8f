import { ScreenNotBuilt } from '@td/platform';

export function DashboardPage() {
  return <ScreenNotBuilt title="Dashboard" summary="Being built." />;
}
