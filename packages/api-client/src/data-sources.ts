import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  brokerIntegrationSchema,
  type DataSourceForm,
  dataSourceSchema,
  dataSourceValidationSchema,
  okEnvelope,
  type UpstoxCredentialsInput,
  upstoxConnectionSchema,
  upstoxStaticIpSchema,
} from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';
import { POLL_INTERVALS } from './polling';

export const dataSourceKeys = {
  list: ['data-sources'] as const,
  broker: ['upstox', 'integration'] as const,
  upstox: ['upstox', 'status'] as const,
  staticIp: ['upstox', 'static-ip'] as const,
};

export const dataSourcesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: dataSourceKeys.list,
    queryFn: ({ signal }) =>
      api.get('/api/data-sources', okEnvelope(z.array(dataSourceSchema)), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.dataSources,
  });

export const brokerIntegrationQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: dataSourceKeys.broker,
    queryFn: ({ signal }) =>
      api.get('/api/upstox/integration', okEnvelope(brokerIntegrationSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.dataSources,
  });

export const upstoxConnectionQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: dataSourceKeys.upstox,
    queryFn: ({ signal }) =>
      api.get('/api/upstox/status', okEnvelope(upstoxConnectionSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.dataSources,
  });

/** Asked from Upstox once per Upstox session on the server, so polling it costs Upstox nothing. */
export const upstoxStaticIpQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: dataSourceKeys.staticIp,
    queryFn: ({ signal }) =>
      api.get('/api/upstox/static-ip', okEnvelope(upstoxStaticIpSchema), { signal }).then((r) => r.data),
    refetchInterval: POLL_INTERVALS.dataSources,
  });

export const useDataSources = () => useQuery(dataSourcesQuery(useApiClient()));
export const useBrokerIntegration = () => useQuery(brokerIntegrationQuery(useApiClient()));
export const useUpstoxConnection = () => useQuery(upstoxConnectionQuery(useApiClient()));
export const useUpstoxStaticIp = () => useQuery(upstoxStaticIpQuery(useApiClient()));

const sourceEnvelope = okEnvelope(dataSourceSchema);
const brokerEnvelope = okEnvelope(brokerIntegrationSchema);

function useInvalidate(...keys: (readonly string[])[]) {
  const queryClient = useQueryClient();
  return () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** spec part 2 §7 POST /api/data-sources/validate: answers valid/error, never throws for an unreachable API. */
export function useValidateDataSource() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (form: DataSourceForm) =>
      api
        .post('/api/data-sources/validate', okEnvelope(dataSourceValidationSchema), form)
        .then((r) => r.data),
  });
}

export function useAddDataSource() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.list);
  return useMutation({
    mutationFn: (form: DataSourceForm) =>
      api.post('/api/data-sources/add', sourceEnvelope, form).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useEditDataSource() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.list);
  return useMutation({
    mutationFn: ({ id, form }: { id: string; form: DataSourceForm }) =>
      api.put(`/api/data-sources/${encodeURIComponent(id)}`, sourceEnvelope, form).then((r) => r.data),
    onSuccess: invalidate,
  });
}

export function useToggleDataSource() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.list);
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) =>
      api
        .post(`/api/data-sources/${encodeURIComponent(id)}/toggle`, sourceEnvelope, { enabled })
        .then((r) => r.data),
    onSettled: invalidate,
  });
}

export function useRefreshDataSource() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.list);
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`/api/data-sources/${encodeURIComponent(id)}/refresh`, sourceEnvelope).then((r) => r.data),
    onSettled: invalidate,
  });
}

export function useSaveUpstoxCredentials() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.broker, dataSourceKeys.upstox, dataSourceKeys.list);
  return useMutation({
    mutationFn: (input: UpstoxCredentialsInput) =>
      api.post('/api/upstox/credentials', brokerEnvelope, input).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** spec part 2 §5: the token is trimmed before sending (the server trims and refuses empty too). */
export function useUpdateUpstoxToken() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.broker, dataSourceKeys.upstox, dataSourceKeys.list);
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/upstox/token', brokerEnvelope, { access_token: token.trim() }).then((r) => r.data),
    onSuccess: invalidate,
  });
}

/** Connectivity → Connect: the existing OAuth flow's authorization URL. */
export function useConnectUpstox() {
  const api = useApiClient();
  return useMutation({
    mutationFn: () =>
      api
        .post('/api/upstox/connect', okEnvelope(z.object({ auth_url: z.string() })))
        .then((r) => r.data.auth_url),
  });
}

export function useDisconnectUpstox() {
  const api = useApiClient();
  const invalidate = useInvalidate(dataSourceKeys.broker, dataSourceKeys.upstox, dataSourceKeys.list);
  return useMutation({
    mutationFn: () => api.post('/api/upstox/disconnect', brokerEnvelope).then((r) => r.data),
    onSuccess: invalidate,
  });
}
