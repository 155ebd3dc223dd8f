import { mountStandalone } from '@td/platform/standalone';
import lifecycles from './expose/app';

// Standalone: this remote in its own dev server with a small fake shell (pnpm --filter @td/mf-trading dev).
mountStandalone('trading', lifecycles, document.getElementById('root')!, '/dashboard');
