import { useMutation } from '@tanstack/react-query';
import type { AuditOrdersQuery } from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { toQueryString } from './query-string';

/** The order audit trail over IST days `from`..`to` as CSV, for the browser to save. */
export const fetchOrderAuditCsv = (api: ApiClient, query: AuditOrdersQuery) =>
  api.getBlob(`/api/audit/orders${toQueryString(query)}`, { timeoutMs: 60_000 });

export const useOrderAuditExport = () => {
  const api = useApiClient();
  return useMutation({ mutationFn: (query: AuditOrdersQuery) => fetchOrderAuditCsv(api, query) });
};
