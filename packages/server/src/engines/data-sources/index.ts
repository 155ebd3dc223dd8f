export { type TokenState, tokenStatus } from '../market/providers/upstox/token-status';
export { addressVerdict } from './address-policy';
export { SIMULATOR_ID, UPSTOX_ID, YAHOO_ID } from './builtin-sources';
export { type DataSourceDeps, DataSourceService, maskKey } from './data-source-service';
export { FetchRefused, type Resolver, safeFetch } from './safe-fetch';

import { type DataSourceDeps, DataSourceService } from './data-source-service';

/** The registry, seeded with the built-ins; services.ts builds it once. */
export function createDataSources(deps: DataSourceDeps): DataSourceService {
  return new DataSourceService(deps);
}
