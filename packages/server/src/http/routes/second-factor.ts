import {
  codeRequestSchema,
  type RecoveryCodesResponse,
  SECOND_FACTOR_MESSAGES,
  type SecondFactorEnrolment,
  type SecondFactorStatus,
} from '@td/contracts';
import type { FastifyInstance } from 'fastify';
import { validate } from '../../core/validate';
import type { SecondFactor } from '../../engines/auth/second-factor';

export interface SecondFactorRouteDeps {
  secondFactor: Pick<
    SecondFactor,
    'status' | 'startEnrolment' | 'confirmEnrolment' | 'switchOff' | 'regenerateRecoveryCodes'
  >;
}

/** Settings → Profile, two-step sign-in (api-client second-factor.ts). Signed in only. */
export async function secondFactorRoutes(app: FastifyInstance, { secondFactor }: SecondFactorRouteDeps) {
  // The enrolment reply carries the secret and the recovery codes: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  app.get('/api/auth/second-factor', async (): Promise<SecondFactorStatus> => {
    const { enabled, recoveryCodesLeft } = secondFactor.status();
    return { success: true, enabled, recovery_codes_left: recoveryCodesLeft };
  });

  app.post('/api/auth/second-factor/enrol', async (): Promise<SecondFactorEnrolment> => {
    const { otpauthUri, qrSvg, secret } = await secondFactor.startEnrolment();
    return { success: true, otpauth_uri: otpauthUri, qr_svg: qrSvg, secret };
  });

  app.post('/api/auth/second-factor/confirm', async (request): Promise<RecoveryCodesResponse> => {
    const { code } = validate(codeRequestSchema, request.body);
    const codes = await secondFactor.confirmEnrolment(code, request.ip);
    return { success: true, message: SECOND_FACTOR_MESSAGES.switchedOn, recovery_codes: codes };
  });

  app.post('/api/auth/second-factor/disable', async (request) => {
    const { code } = validate(codeRequestSchema, request.body);
    await secondFactor.switchOff(code, request.ip);
    return { success: true, message: SECOND_FACTOR_MESSAGES.switchedOff };
  });

  app.post('/api/auth/second-factor/recovery-codes', async (request): Promise<RecoveryCodesResponse> => {
    const { code } = validate(codeRequestSchema, request.body);
    const codes = await secondFactor.regenerateRecoveryCodes(code, request.ip);
    return { success: true, message: SECOND_FACTOR_MESSAGES.regenerated, recovery_codes: codes };
  });
}
