/**
 * The part of a fetch `Response` the ApiClient reads: status, headers and a JSON body. Test fetch
 * stand-ins answer with it so the real client and its error mapping run.
 */
export function fakeJsonResponse(status: number, body: unknown, headers: HeadersInit = {}): Response {
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    json: async () => body,
  } as Response;
}
