import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { HttpError } from '../../core/errors';
import type { MlService } from '../../engines/ml';
import { type Insight, InsightUnavailableError } from '../../engines/ml/insight';

// spec part 2 §7 "ML calls": every figure comes from the ML service; a part that is not running
// answers 503 with a sentence, never a made-up number. Shared by routes/ml-overview.ts and
// routes/ml-enhancements.ts.

export const INSIGHT_DOWN =
  'ML insight is not running: memory, knowledge graph and patterns are not measured.';
export const FIGURES_UNREADABLE =
  'The ML service produced figures that could not be checked; they are not shown.';

/** The ML service as its status routes read it: on each request, since a part may be absent. */
export type MlStatusSource = Pick<MlService, 'insight' | 'models'>;

export const unavailable = (message: string, code: string) => new HttpError(503, message, code);

/** The insight part, or a 503 when it is not running. */
export function runningInsight(ml: MlStatusSource): Insight {
  const part = ml.insight;
  if (!part) throw unavailable(INSIGHT_DOWN, 'ml_insight_unavailable');
  return part;
}

/** Checks a reply against its contract (finite numbers, known fields) before it leaves. */
export async function mlStatusReply<T extends z.ZodType>(
  app: FastifyInstance,
  schema: T,
  read: () => unknown,
  what: string,
) {
  let value: unknown;
  try {
    value = await read();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof InsightUnavailableError) throw unavailable(error.message, 'ml_insight_failed');
    app.log.error({ err: error, call: what }, 'ML status could not be read');
    throw unavailable(`${what} could not be read just now: try again shortly.`, 'ml_status_failed');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    app.log.error({ call: what, issues: parsed.error.issues.slice(0, 3) }, 'ML status failed its contract');
    throw unavailable(FIGURES_UNREADABLE, 'ml_figures_invalid');
  }
  return { success: true as const, data: parsed.data as z.infer<T> };
}

/** A GET answering one insight status: the first request after a start waits for the first build (≈ 0.2 s). */
export function insightStatusRoute(
  app: FastifyInstance,
  ml: MlStatusSource,
  url: string,
  schema: z.ZodType,
  read: (part: Insight) => unknown,
  what: string,
) {
  app.get(url, () =>
    mlStatusReply(
      app,
      schema,
      async () => {
        const part = runningInsight(ml);
        await part.ready();
        return read(part);
      },
      what,
    ),
  );
}
