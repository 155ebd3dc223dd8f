import Fastify from 'fastify';
import { LedgerError } from '../broker/ledger';
import { installErrorHandling } from './error-handler';

describe('the error handler', () => {
  it('answers a ledger refusal that reaches it with 422 and the ledger sentence, not a 500', async () => {
    const app = Fastify();
    installErrorHandling(app);
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

  it('still answers any other unexpected error with a 500 that shows no stack or path', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/broken', async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'x') at /work/main/src/file.ts:1");
    });
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/Cannot read|\/work\/|at /);
    await app.close();
  });
});
