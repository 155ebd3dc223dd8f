import {
  okEnvelope,
  positionRiskListSchema,
  riskAlertSchema,
  riskLimitsSchema,
  riskMetricsSchema,
} from '@td/contracts';
import { z } from 'zod';

// Loaded with the first risk call (risk.ts): the shell imports its keys without zod (0046).
export const riskMetricsReply = okEnvelope(riskMetricsSchema);
export const positionRiskReply = okEnvelope(positionRiskListSchema);
export const riskLimitsReply = okEnvelope(riskLimitsSchema);
export const riskAlertsReply = okEnvelope(z.array(riskAlertSchema));
export const acknowledgedReply = z.object({ success: z.literal(true) });
