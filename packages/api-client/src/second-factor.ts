import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CodeRequest,
  recoveryCodesResponseSchema,
  secondFactorEnrolmentSchema,
  secondFactorStatusSchema,
} from '@td/contracts';
import { z } from 'zod';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

export const secondFactorKeys = { status: ['auth', 'second-factor'] as const };

/** Settings → Profile: whether two-step sign-in is on and how many recovery codes are left. */
export const secondFactorStatusQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: secondFactorKeys.status,
    queryFn: ({ signal }) => api.get('/api/auth/second-factor', secondFactorStatusSchema, { signal }),
  });

export const useSecondFactorStatus = () => useQuery(secondFactorStatusQuery(useApiClient()));

/** Each change is followed by a fresh status (on/off, codes left). */
function useSecondFactorMutation<T, R>(call: (api: ApiClient, input: T) => Promise<R>) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => call(api, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: secondFactorKeys.status }),
  });
}

/** A new secret: QR code, otpauth URI and the secret as text, shown this once. */
export const useStartSecondFactor = () =>
  useSecondFactorMutation((api, _: undefined) =>
    api.post('/api/auth/second-factor/enrol', secondFactorEnrolmentSchema),
  );

/** The first code switches it on; the reply holds the ten recovery codes, shown once. */
export const useConfirmSecondFactor = () =>
  useSecondFactorMutation((api, body: CodeRequest) =>
    api.post('/api/auth/second-factor/confirm', recoveryCodesResponseSchema, body),
  );

export const useSwitchOffSecondFactor = () =>
  useSecondFactorMutation((api, body: CodeRequest) =>
    api.post(
      '/api/auth/second-factor/disable',
      z.object({ success: z.literal(true), message: z.string() }),
      body,
    ),
  );

export const useRegenerateRecoveryCodes = () =>
  useSecondFactorMutation((api, body: CodeRequest) =>
    api.post('/api/auth/second-factor/recovery-codes', recoveryCodesResponseSchema, body),
  );
