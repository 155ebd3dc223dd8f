import { HttpError } from '../../core/errors';

/** scheme://host:port, the unit a key or header is entered for; null for text that is no URL. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** The key goes as a Bearer token unless the trader named their own Authorization header. */
export function requestHeaders(
  headers: Record<string, string>,
  apiKey: string | undefined,
): Record<string, string> {
  const named = Object.keys(headers).some((name) => name.toLowerCase() === 'authorization');
  return apiKey && !named ? { ...headers, authorization: `Bearer ${apiKey}` } : headers;
}

export interface CredentialsEdit {
  /** The stored endpoint and the edited one. */
  from: string;
  to: string;
  /** apiKey: absent keeps the stored key, empty removes it; headers: none given keeps the stored ones. */
  given: { key: string | undefined; headers: Record<string, string> };
  /** Opened only when they are kept, so a key bound for another site is never even decrypted. */
  stored: { hasKey: boolean; key(): string | undefined; headers(): Record<string, string> };
}

/**
 * The key and headers an edited source keeps. They were entered for one site and are only ever sent
 * there: an endpoint moved to another origin needs the key again (or an empty one, to drop it) and
 * loses the stored headers unless new ones are given.
 */
export function editedCredentials({ from, to, given, stored }: CredentialsEdit): {
  key: string | undefined;
  headers: Record<string, string>;
} {
  const fromOrigin = originOf(from);
  const toOrigin = originOf(to);
  const moves = fromOrigin !== toOrigin;
  if (moves && given.key === undefined && stored.hasKey)
    throw new HttpError(
      422,
      `The endpoint moves from ${fromOrigin} to ${toOrigin}: enter the API key again or remove the stored key (an empty apiKey removes it). ` +
        `The stored key is only ever sent to ${fromOrigin}.`,
      'api_key_for_other_site',
    );
  const key = given.key === undefined ? stored.key() : given.key || undefined;
  const newHeaders = Object.keys(given.headers).length > 0;
  const headers = newHeaders ? given.headers : moves ? {} : stored.headers();
  return { key, headers };
}
