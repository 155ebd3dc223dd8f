import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  changePasswordResponseSchema,
  type NotificationSettings,
  notificationSettingsSchema,
  okEnvelope,
} from '@td/contracts';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-client-context';

export const settingsKeys = {
  notifications: ['settings', 'notifications'] as const,
};

/** Settings → Notifications: which alert e-mails go out, and to which address. */
export const notificationSettingsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: settingsKeys.notifications,
    queryFn: ({ signal }) =>
      api
        .get('/api/settings/notifications', okEnvelope(notificationSettingsSchema), { signal })
        .then((r) => r.data),
  });

export const useNotificationSettings = () => useQuery(notificationSettingsQuery(useApiClient()));

export function useSaveNotificationSettings() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      api
        .post('/api/settings/notifications', okEnvelope(notificationSettingsSchema), settings)
        .then((r) => r.data),
    onSuccess: (saved) => queryClient.setQueryData(settingsKeys.notifications, saved),
  });
}

/** Settings → Profile: a new password, proven by the current one; other sessions end. */
export function useChangePassword() {
  const api = useApiClient();
  return useMutation({
    mutationFn: (change: ChangePasswordRequest) =>
      api.post('/api/auth/change-password', changePasswordResponseSchema, change),
  });
}
