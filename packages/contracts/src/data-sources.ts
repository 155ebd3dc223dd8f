import { z } from 'zod';

/**
 * Data sources and broker credentials (spec part 2 §2.1, §3 "Data source", "New source form",
 * "Broker credentials", §4 "Token status", §5, §7).
 */

export const DATA_SOURCE_TYPES = [
  'Market Data API',
  'Economic Data Feed',
  'News RSS Feed',
  'Trading Signals',
  'Custom API',
] as const;
export const dataSourceTypeSchema = z.enum(DATA_SOURCE_TYPES, {
  error: `type must be one of: ${DATA_SOURCE_TYPES.join(', ')}`,
});
export type DataSourceType = z.infer<typeof dataSourceTypeSchema>;

export const dataSourceStatusSchema = z.enum([
  'connected',
  'disconnected',
  'disabled',
  'available',
  'pending',
  'validating',
]);
export type DataSourceStatus = z.infer<typeof dataSourceStatusSchema>;

export const dataSourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: dataSourceTypeSchema,
  endpoint: z.string(),
  description: z.string(),
  enabled: z.boolean(),
  status: dataSourceStatusSchema,
  custom: z.boolean(),
  api_key_required: z.boolean(),
  /** First 8 characters then dots; null when no key is stored. The key itself is never returned. */
  api_key_masked: z.string().nullable(),
  /** Names only: header values may be secrets and are never returned. */
  header_names: z.array(z.string()),
  external_url: z.string().nullable(),
  last_updated: z.string().nullable(),
  /** Milliseconds of the last successful check; null before the first. */
  latency: z.number().int().nonnegative().nullable(),
  /** Why the last check failed, or why a built-in cannot run; null when fine. */
  message: z.string().nullable(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;

const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}$/;
const FORBIDDEN_HEADERS = new Set(['host', 'content-length', 'connection', 'transfer-encoding', 'upgrade']);

const endpointSchema = z
  .string({ error: 'Please enter an endpoint URL first' })
  .trim()
  .min(1, 'Please enter an endpoint URL first')
  .max(2048, 'The endpoint URL is longer than 2048 characters')
  .refine((value) => /^https?:\/\//i.test(value), 'The endpoint must be an http or https URL');

/** spec part 2 §3 "New source form". */
export const dataSourceFormSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'Give the source a name')
    .max(80, 'Keep the name under 80 characters'),
  endpoint: endpointSchema,
  type: dataSourceTypeSchema.default('Market Data API'),
  description: z.string().trim().max(500, 'Keep the description under 500 characters').default(''),
  apiKey: z.string().trim().max(512, 'The API key is longer than 512 characters').optional(),
  headers: z
    .record(
      z.string().regex(HEADER_NAME, 'Header names are letters, digits and - only'),
      z
        .string()
        .max(1024, 'A header value is longer than 1024 characters')
        .refine((v) => !/[\r\n]/.test(v), 'Header values cannot span lines'),
    )
    .refine((headers) => Object.keys(headers).length <= 20, 'At most 20 headers')
    .refine(
      (headers) => Object.keys(headers).every((name) => !FORBIDDEN_HEADERS.has(name.toLowerCase())),
      'Host, Content-Length, Connection, Transfer-Encoding and Upgrade cannot be set',
    )
    .default({}),
  enabled: z.boolean().default(true),
});
export type DataSourceForm = z.input<typeof dataSourceFormSchema>;

/** Editing a custom source: the same fields; an absent apiKey keeps the stored one, '' removes it. */
export const dataSourceEditSchema = dataSourceFormSchema;

export const dataSourceToggleSchema = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});

export const dataSourceValidationSchema = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  latency: z.number().int().nonnegative().nullable(),
  status_code: z.number().int().nullable(),
});
export type DataSourceValidation = z.infer<typeof dataSourceValidationSchema>;

export const tokenStateSchema = z.enum(['missing', 'valid', 'expiring', 'expired', 'invalid']);
export type TokenState = z.infer<typeof tokenStateSchema>;

/** The Broker integration card: what is configured, never a secret. */
export const brokerIntegrationSchema = z.object({
  broker: z.literal('upstox'),
  api_key_masked: z.string().nullable(),
  has_api_secret: z.boolean(),
  redirect_uri: z.string().nullable(),
  token_state: tokenStateSchema,
  token_expires_at: z.string().nullable(),
  /** Whether the credentials come from the saved form or the server's environment. */
  credentials_source: z.enum(['saved', 'environment', 'none']),
});
export type BrokerIntegration = z.infer<typeof brokerIntegrationSchema>;

/** spec part 2 §3 "Broker credentials" / §7 POST /api/upstox/credentials. */
export const upstoxCredentialsSchema = z.object({
  api_key: z.string({ error: 'API key is required' }).trim().min(1, 'API key is required').max(256),
  api_secret: z.string({ error: 'API secret is required' }).trim().min(1, 'API secret is required').max(256),
  redirect_uri: z
    .string()
    .trim()
    .max(2048)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v),
      'The redirect URI must be an http or https URL',
    )
    .optional(),
  access_token: z.string().trim().max(4096).optional(),
});
export type UpstoxCredentialsInput = z.input<typeof upstoxCredentialsSchema>;

/** spec part 2 §5 "Token update": trimmed, empty refused. */
export const upstoxTokenSchema = z.object({
  access_token: z
    .string({ error: 'Please enter a valid access token' })
    .trim()
    .min(1, 'Please enter a valid access token')
    .max(4096, 'The access token is longer than 4096 characters'),
});

/** GET /api/upstox/status (spec part 1 §3 "Upstox status"), read by the Connectivity tab. */
export const upstoxConnectionSchema = z.object({
  connected: z.boolean(),
  mode: z.string().nullable(),
  status: z.string(),
  last_sync: z.string().nullable(),
  message: z.string(),
  configured: z.boolean(),
  auth_url: z.string().nullable(),
});
export type UpstoxConnection = z.infer<typeof upstoxConnectionSchema>;
