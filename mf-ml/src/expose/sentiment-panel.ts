import { createRemoteLifecycles } from '@td/platform';
import { SentimentPanel } from '../pages/sentiment-panel/sentiment-panel';

/** Mounted by the dashboard's data-intelligence pipeline card (mf-trading), Intelligence tab, through a RemoteSlot. */
export default createRemoteLifecycles(SentimentPanel, 'Market Sentiment');
