import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressVerdict } from './address-policy';

/** Resolves a host name to its addresses; tests inject one to play a DNS-rebinding name. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface SafeFetchOptions {
  timeoutMs?: number;
  maxBytes?: number;
  /** Only an explicit setting (DATA_SOURCES_ALLOW_LOOPBACK) lets a fetch reach 127.0.0.0/8 or ::1. */
  allowLoopback?: boolean;
  headers?: Record<string, string>;
  resolve?: Resolver;
  now?: () => number;
  /** Keep the answer's body (a news feed is read, a check only counts bytes). */
  keepBody?: boolean;
}

export interface SafeFetchResult {
  status: number;
  ok: boolean;
  bytes: number;
  latencyMs: number;
  contentType: string | null;
  finalUrl: string;
  /** The body as UTF-8 when keepBody was asked for, else null. */
  body: string | null;
  etag: string | null;
  lastModified: string | null;
}

/** A fetch the policy refused or that failed; `message` is a sentence for the trader. */
export class FetchRefused extends Error {}

export const DEFAULT_TIMEOUT_MS = 8_000;
/** A data source's answer is a quote or a feed, not a download: 5 MB is plenty. */
export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchRefused('The endpoint is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefused(
      `Only http and https endpoints are allowed, not ${url.protocol.replace(':', '')}.`,
    );
  if (url.username || url.password)
    throw new FetchRefused('Put credentials in the API key or headers, not in the URL.');
  return url;
}

/** Resolves the URL's host and checks every address; returns the one to pin the connection to. */
async function checkedAddress(url: URL, options: SafeFetchOptions) {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = net.isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolver)(host);
    } catch {
      throw new FetchRefused(`The host ${host} could not be resolved.`);
    }
  }
  if (addresses.length === 0) throw new FetchRefused(`The host ${host} could not be resolved.`);
  for (const { address } of addresses) {
    const verdict = addressVerdict(address, options.allowLoopback ?? false);
    if (verdict)
      throw new FetchRefused(
        `Refused: ${host} resolves to ${address}, ${verdict}; data sources must be public internet addresses.`,
      );
  }
  return addresses[0]!;
}

interface Answer {
  status: number;
  location: string | null;
  bytes: number;
  contentType: string | null;
  body: string | null;
  etag: string | null;
  lastModified: string | null;
}

function requestOnce(
  url: URL,
  pinned: { address: string; family: number },
  options: SafeFetchOptions,
  deadline: number,
  now: () => number,
): Promise<Answer> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        headers: { 'user-agent': 'trading-dashboard-data-source-check/1', ...options.headers },
        // The connection goes to the address we checked, never to a second DNS answer.
        lookup: (_host, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all)
            (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
              pinned,
            ]);
          else callback(null, pinned.address, pinned.family);
        },
        timeout: Math.max(1, deadline - now()),
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const contentType = response.headers['content-type'] ?? null;
        const validators = {
          etag: response.headers.etag ?? null,
          lastModified: response.headers['last-modified'] ?? null,
        };
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          resolve({
            status,
            location: response.headers.location,
            bytes: 0,
            contentType,
            body: null,
            ...validators,
          });
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          request.destroy();
          reject(new FetchRefused(tooLarge(maxBytes)));
          return;
        }
        let bytes = 0;
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (options.keepBody) chunks.push(chunk);
          if (bytes > maxBytes) {
            request.destroy();
            reject(new FetchRefused(tooLarge(maxBytes)));
          }
        });
        response.on('end', () => {
          const body = options.keepBody ? Buffer.concat(chunks).toString('utf8') : null;
          resolve({ status, location: null, bytes, contentType, body, ...validators });
        });
        response.on('error', (error) => reject(new FetchRefused(`The endpoint failed: ${error.message}.`)));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error('timeout')), Math.max(1, deadline - now()));
    request.on('close', () => clearTimeout(timer));
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => {
      if (error instanceof FetchRefused) return reject(error);
      if (error.message === 'timeout')
        return reject(
          new FetchRefused(
            `The endpoint did not answer within ${(options.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000} s.`,
          ),
        );
      reject(new FetchRefused(`The endpoint could not be reached: ${error.message}.`));
    });
    request.end();
  });
}

const tooLarge = (maxBytes: number) =>
  `The endpoint's answer is larger than ${Math.round(maxBytes / 1024 / 1024)} MB; a data source must answer with less.`;

/**
 * GETs a user-supplied URL from the server, safely: http(s) only, every address the name resolves
 * to checked against the address policy, the connection pinned to the checked address (no second
 * DNS answer can rebind it), redirects followed by hand and re-checked (at most 3), `headers` sent
 * to the URL's own origin only, a deadline and a size cap. Throws FetchRefused with a sentence on
 * any refusal or failure.
 */
export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const now = options.now ?? Date.now;
  const started = now();
  const deadline = started + (options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  let url = parseUrl(raw);
  let headers = options.headers;
  for (let hop = 0; ; hop++) {
    const pinned = await checkedAddress(url, options);
    const answer = await requestOnce(url, pinned, { ...options, headers }, deadline, now);
    if (answer.location === null) {
      return {
        status: answer.status,
        ok: answer.status >= 200 && answer.status < 300,
        bytes: answer.bytes,
        latencyMs: Math.max(0, now() - started),
        contentType: answer.contentType,
        finalUrl: url.toString(),
        body: answer.body,
        etag: answer.etag,
        lastModified: answer.lastModified,
      };
    }
    if (hop >= MAX_REDIRECTS)
      throw new FetchRefused(`The endpoint redirected more than ${MAX_REDIRECTS} times.`);
    const next = parseUrl(new URL(answer.location, url).toString());
    // The key and headers were given for the source's own site: a redirect elsewhere does not get them,
    // not even if it later leads back.
    if (next.origin !== url.origin) headers = withoutCredentials(headers);
    url = next;
  }
}

/** Headers that say only what kind of answer is wanted; every other header may carry a credential. */
const HARMLESS_HEADERS = new Set(['accept', 'accept-language']);

function withoutCredentials(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => HARMLESS_HEADERS.has(name.toLowerCase())),
  );
}
