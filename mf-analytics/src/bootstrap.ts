import { mountStandalone } from '@td/platform/standalone';
import lifecycles from './expose/app';

// Standalone: this remote in its own dev server with a small fake shell (pnpm --filter @td/mf-analytics dev).
mountStandalone('analytics', lifecycles, document.getElementById('root')!, '/performance');
