import {
  type ChangePasswordResponse,
  changePasswordRequestSchema,
  notificationSettingsSchema,
  PROFILE_MESSAGES,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../core/errors';
import { validate } from '../../core/validate';
import type { AuthService } from '../../engines/auth/auth-service';
import type { SafetySettings } from '../../engines/safety';
import type { StreamHub } from '../../engines/stream/stream-hub';
import { bearerToken } from '../auth-guard';

export interface SettingsRouteDeps {
  auth: Pick<AuthService, 'changePassword'>;
  stream: Pick<StreamHub, 'recheckSessions'>;
  /** The alert e-mails' settings, kept by the safety engine. */
  notifications: Pick<SafetySettings, 'notifications' | 'saveNotifications'>;
}

/** The Settings screen (api-client settings.ts): profile password and alert notifications. Signed in only. */
export async function settingsRoutes(
  app: FastifyInstance,
  { auth, stream, notifications }: SettingsRouteDeps,
) {
  app.post('/api/auth/change-password', async (request, reply): Promise<ChangePasswordResponse> => {
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { current_password, new_password, code } = validate(changePasswordRequestSchema, request.body);
    const { endedSessions } = await auth.changePassword(
      token,
      { currentPassword: current_password, newPassword: new_password, code },
      request.ip,
    );
    // The other sessions' open streams close now, not at their next periodic check.
    stream.recheckSessions();
    return { success: true, message: PROFILE_MESSAGES.passwordChanged, ended_sessions: endedSessions };
  });

  app.get('/api/settings/notifications', async () => ({
    success: true,
    data: notifications.notifications(),
  }));

  app.post('/api/settings/notifications', async (request) => {
    const settings = validate(notificationSettingsSchema, request.body);
    return {
      success: true,
      data: notifications.saveNotifications(settings),
      message: 'Notification settings saved.',
    };
  });
}
