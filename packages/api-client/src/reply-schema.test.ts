import { z } from 'zod';
import { ApiClient } from './api-client';
import { ApiError } from './api-error';

const reply = z.object({ success: z.literal(true), value: z.number() });

const clientAnswering = (body: unknown) =>
  new ApiClient({
    baseUrl: 'http://api.test',
    getToken: () => null,
    fetchImpl: (async () => ({
      ok: true,
      status: 200,
      headers: new Headers(),
      json: async () => body,
    })) as never,
  });

describe('ApiClient reply schemas loaded on first use', () => {
  it('loads the schema with the call and returns the reply it validated', async () => {
    const load = jest.fn(async () => reply);
    await expect(clientAnswering({ success: true, value: 3 }).get('/api/x', load)).resolves.toEqual({
      success: true,
      value: 3,
    });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('refuses a reply the loaded schema rejects, as with a schema passed in', async () => {
    const error = await clientAnswering({ success: true, value: 'three' })
      .post('/api/x', async () => reply)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'invalid_response', message: 'Unexpected reply from POST /api/x.' });
  });

  it('accepts any parser with safeParse, not only zod', async () => {
    const evenOnly = {
      safeParse: (value: unknown) =>
        typeof value === 'number' && value % 2 === 0
          ? { success: true as const, data: value }
          : { success: false as const },
    };
    await expect(clientAnswering(4).get('/api/n', evenOnly)).resolves.toBe(4);
    await expect(clientAnswering(3).get('/api/n', evenOnly)).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('reports a schema that fails to load as a failed call, not an unhandled rejection', async () => {
    const failing = async (): Promise<typeof reply> => {
      throw new Error('chunk failed to load');
    };
    await expect(clientAnswering({ success: true, value: 1 }).get('/api/x', failing)).rejects.toThrow(
      'chunk failed to load',
    );
  });
});
