import { z } from 'zod';
import {
  MANIFEST_URL_PROTOCOL,
  REMOTE_NAMES,
  REMOTE_REGISTRY_TEXT,
  REMOTE_VERSION_PATTERN,
} from './remote-registry-check';

// The names, patterns and types live in remote-registry-check.ts (zod-free, read by the shell).
export * from './remote-registry-check';

export const remoteNameSchema = z.enum(REMOTE_NAMES);

export const remoteEntrySchema = z.object({
  manifest_url: z.url({ protocol: MANIFEST_URL_PROTOCOL, error: REMOTE_REGISTRY_TEXT.manifestUrl }),
  version: z.string().regex(REMOTE_VERSION_PATTERN, REMOTE_REGISTRY_TEXT.version),
});

export const remoteRegistrySchema = z.object({
  remotes: z.partialRecord(remoteNameSchema, remoteEntrySchema),
  updated_at: z.string(),
});
