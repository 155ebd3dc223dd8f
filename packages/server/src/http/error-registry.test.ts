import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { LedgerError, ledgerErrorMapping } from '../engines/broker/ledger';
import { type ErrorMapping, installErrorHandling } from './error-registry';

class QuoteRefused extends Error {}
const quoteRefusedMapping: ErrorMapping = {
  matches: (error) => error instanceof QuoteRefused,
  status: 409,
  code: 'quote_refused',
  log: 'warn',
};

/** A Fastify app whose log lines are collected, parsed. */
function appWithLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { app: Fastify({ loggerInstance: pino({ level: 'warn' }, stream) as FastifyBaseLogger }), lines };
}

describe('the error registry', () => {
  it('answers a ledger refusal that reaches it with 422 and the ledger sentence, not a 500', async () => {
    const app = Fastify();
    installErrorHandling(app, [ledgerErrorMapping]);
    app.post('/refused', async () => {
      throw new LedgerError('The trade value is too large to record exactly.');
    });
    const response = await app.inject({ method: 'POST', url: '/refused' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      success: false,
      error: 'The trade value is too large to record exactly.',
      code: 'ledger_refused',
    });
    await app.close();
  });

  it('answers an error an engine registered with its status and code, and logs it at warn', async () => {
    const { app, lines } = appWithLog();
    installErrorHandling(app, [ledgerErrorMapping, quoteRefusedMapping]);
    app.get('/quote', async () => {
      throw new QuoteRefused('The quote is older than a minute.');
    });
    const response = await app.inject({ method: 'GET', url: '/quote' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      error: 'The quote is older than a minute.',
      code: 'quote_refused',
    });
    expect(lines.find((line) => line.msg === 'quote_refused')?.level).toBe(40);
    await app.close();
  });

  it('answers an engine error nobody registered as any unexpected error: a 500 without its sentence', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, [quoteRefusedMapping]);
    app.post('/refused', async () => {
      throw new LedgerError('The trade value is too large to record exactly.');
    });
    const response = await app.inject({ method: 'POST', url: '/refused' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, code: 'internal_error' });
    expect(response.body).not.toContain('too large');
    await app.close();
  });

  it('still answers any other unexpected error with a 500 that shows no stack or path', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, [ledgerErrorMapping, quoteRefusedMapping]);
    app.get('/broken', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x') at /work/main/src/file.ts:1");
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/Cannot read|\/work\/|at /);
    await app.close();
  });
});
