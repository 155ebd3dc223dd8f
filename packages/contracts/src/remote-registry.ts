import { z } from 'zod';

/** The names under which the host knows its remotes. */
export const remoteNameSchema = z.enum(['auth', 'trading', 'analytics', 'ml', 'infra']);
export type RemoteName = z.infer<typeof remoteNameSchema>;
export const REMOTE_NAMES = remoteNameSchema.options;

export const remoteEntrySchema = z.object({
  manifest_url: z.url({ error: 'manifest_url must be an absolute http(s) URL of an mf-manifest.json' }),
  version: z.string().regex(/^\d+\.\d+\.\d+([-+][\w.]+)?$/, 'version must look like 1.4.3'),
});
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** The runtime registry: which build of each remote the host loads. Ops change it without a host rebuild. */
export const remoteRegistrySchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteEntrySchema),
  updated_at: z.string(),
});
export type RemoteRegistry = z.infer<typeof remoteRegistrySchema>;
