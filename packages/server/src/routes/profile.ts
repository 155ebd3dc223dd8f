import { type ChangePasswordResponse, changePasswordRequestSchema, PROFILE_MESSAGES } from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../app';
import { unauthorized } from '../http/http-error';
import type { AppServices } from '../http/route-deps';
import { validate } from '../http/validate';

/** Settings → Profile. Signed in only: the session guard has checked the Bearer token already. */
export async function profileRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.post('/api/auth/change-password', async (request, reply): Promise<ChangePasswordResponse> => {
    reply.header('Cache-Control', 'no-store');
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const { current_password, new_password } = validate(changePasswordRequestSchema, request.body);
    const { endedSessions } = await services.auth.changePassword(
      token,
      { currentPassword: current_password, newPassword: new_password },
      request.ip,
    );
    // The other sessions' open streams close now, not at their next periodic check.
    services.stream.recheckSessions();
    return { success: true, message: PROFILE_MESSAGES.passwordChanged, ended_sessions: endedSessions };
  });
}
