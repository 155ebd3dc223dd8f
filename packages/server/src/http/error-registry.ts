import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../core/errors';

/**
 * An engine's own error class and the HTTP answer it gets: each engine exports its mappings and the
 * runtime hands them to the app, so http never imports an engine's internals. The error's message
 * is the reply's sentence, so a mapped error must carry one written for the trader.
 */
export interface ErrorMapping {
  matches(error: unknown): boolean;
  status: number;
  code: string;
  /** Logged at warn with the error: a refusal worth seeing in the log, not a failure. */
  log?: 'warn';
  /** The warn line's words; defaults to the code. */
  logLine?: string;
}

/** Every failure leaves as `{ success: false, error, code }`; a stack trace never does. */
export function installErrorHandling(app: FastifyInstance, mappings: readonly ErrorMapping[] = []): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.statusCode === 429 && typeof error.extra.retryAfterSeconds === 'number') {
        reply.header('Retry-After', String(error.extra.retryAfterSeconds));
      }
      const { retryAfterSeconds: _omit, ...extra } = error.extra;
      return reply
        .status(error.statusCode)
        .send({ success: false, error: error.message, code: error.code, ...extra });
    }
    const mapping = mappings.find((candidate) => candidate.matches(error));
    if (mapping) {
      if (mapping.log === 'warn') request.log.warn({ err: error }, mapping.logLine ?? mapping.code);
      return reply.status(mapping.status).send({ success: false, error: error.message, code: mapping.code });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ success: false, error: 'The request body is too large.', code: 'body_too_large' });
    }
    if (status === 415) {
      return reply.status(415).send({
        success: false,
        error: 'Send the request body as JSON (Content-Type: application/json).',
        code: 'unsupported_media_type',
      });
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send({ success: false, error: message, code: error.code ?? 'bad_request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({
      success: false,
      error: 'The server could not complete this request; it has been logged.',
      code: 'internal_error',
    });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      success: false,
      error: `No API route ${request.method} ${request.url.split('?')[0]}.`,
      code: 'not_found',
    });
  });
}
