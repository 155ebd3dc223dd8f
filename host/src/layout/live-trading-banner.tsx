import { useTradingMode } from '@td/api-client';
import { Banner } from '@td/ui';
import { ShellBannerSlot } from './shell-banner-slot';

/** spec part 1 §2: in real mode a 'LIVE TRADING ACTIVE' banner shows, within the content column. */
export function LiveTradingBanner() {
  const { data } = useTradingMode();
  if (data?.trading_mode !== 'live') return null;
  return (
    <ShellBannerSlot>
      <Banner tone="live" title="LIVE TRADING ACTIVE">
        Orders are sent to your broker and use real money.
      </Banner>
    </ShellBannerSlot>
  );
}
