import { z } from 'zod';

/** Every failed API call answers with this shape: a sentence a person can act on, and a stable code. */
export const apiFailureSchema = z.object({
  success: z.literal(false),
  error: z.string(),
  code: z.string().optional(),
  setup_required: z.boolean().optional(),
});
export type ApiFailure = z.infer<typeof apiFailureSchema>;

/** `{ success: true, data }` around a payload schema. */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}
export type OkEnvelope<T> = { success: true; data: T };
