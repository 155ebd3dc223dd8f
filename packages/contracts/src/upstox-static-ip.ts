import { z } from 'zod';

/**
 * Where the address on the Connectivity tab came from: the static IPs registered with Upstox
 * (GET /v2/user/ip, asked once per Upstox session), UPSTOX_STATIC_IP on the API server, or neither.
 */
export const staticIpSourceSchema = z.enum(['upstox', 'configured', 'none']);
export type StaticIpSource = z.infer<typeof staticIpSourceSchema>;

/** GET /api/upstox/static-ip: the address Upstox orders must come from (SEBI 2025 static IP rule). */
export const upstoxStaticIpSchema = z.object({
  address: z.string().nullable(),
  secondary_address: z.string().nullable(),
  source: staticIpSourceSchema,
  /** When Upstox was asked (ISO); null for a configured value. */
  checked_at: z.string().nullable(),
  /** UPSTOX_STATIC_IP when the API server sets it. */
  configured_address: z.string().nullable(),
  /** The previous Upstox session's address when it differs from this session's; else null. */
  changed_from: z.string().nullable(),
  /** The configured address is set and Upstox has a different one registered. */
  configured_mismatch: z.boolean(),
  /** Why Upstox was not asked or did not answer, in words for the trader; null when it answered. */
  note: z.string().nullable(),
});
export type UpstoxStaticIp = z.infer<typeof upstoxStaticIpSchema>;
