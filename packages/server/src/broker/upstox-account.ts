import crypto from 'node:crypto';
import type { SettingsRepository } from '../db/settings-repository';
import { HttpError } from '../http/http-error';
import { sessionExpiry, UpstoxRestClient, type UpstoxSession } from '../market/providers/upstox';
import type { SecretBox } from '../security/secret-box';

export interface UpstoxCredentials {
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  baseUrl?: string;
}

const SESSION_KEY = 'upstox_session';
const STATE_TTL_MS = 10 * 60_000;

interface StoredSession extends UpstoxSession {
  userId: string | null;
  userName: string | null;
}

/**
 * The trader's Upstox account: the OAuth code flow (authorization URL with a single-use state, code
 * exchange) and the access token, kept encrypted in the database and never returned or logged.
 */
export class UpstoxAccount {
  readonly rest: UpstoxRestClient;
  private readonly states = new Map<string, number>();
  private cached: StoredSession | null | undefined;

  constructor(
    private readonly credentials: UpstoxCredentials,
    private readonly settings: SettingsRepository,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {
    this.rest = new UpstoxRestClient({
      baseUrl: credentials.baseUrl,
      accessToken: () => this.session()?.accessToken ?? null,
    });
  }

  get configured(): boolean {
    return Boolean(
      this.credentials.clientId && this.credentials.clientSecret && this.credentials.redirectUri,
    );
  }

  /** Why the account cannot be used now, in words for the trader; null when a valid token exists. */
  problem(): string | null {
    if (!this.configured) {
      return 'Upstox is not configured: set UPSTOX_CLIENT_ID, UPSTOX_CLIENT_SECRET and UPSTOX_REDIRECT_URI for the API server, then connect your account.';
    }
    const session = this.session();
    if (!session)
      return 'No Upstox session: connect your Upstox account (Settings → Data Sources → Connect).';
    const expiry = sessionExpiry(session);
    if (expiry !== null && expiry <= this.now()) {
      return 'Your Upstox session expired at 03:30 IST. Connect your Upstox account again to resume.';
    }
    return null;
  }

  session(): StoredSession | null {
    if (this.cached === undefined) {
      const sealed = this.settings.get<string>(SESSION_KEY);
      const opened = sealed ? this.box.open(sealed) : null;
      this.cached = opened ? (JSON.parse(opened) as StoredSession) : null;
    }
    return this.cached;
  }

  lastSync(): number | null {
    return this.session()?.issuedAtMs ?? null;
  }

  /** Where to send the trader to sign in to Upstox; the state binds the answer to this request. */
  authorizationUrl(): string {
    if (!this.configured) throw new HttpError(409, this.problem()!, 'upstox_not_configured');
    const state = crypto.randomBytes(24).toString('base64url');
    this.pruneStates();
    this.states.set(state, this.now() + STATE_TTL_MS);
    return this.rest.authorizationUrl({
      clientId: this.credentials.clientId!,
      redirectUri: this.credentials.redirectUri!,
      state,
    });
  }

  /** The browser comes back from Upstox with ?code&state: exchange the code and keep the token sealed. */
  async completeAuthorization(code: string, state: string): Promise<void> {
    const expires = this.states.get(state);
    this.states.delete(state);
    if (!expires || expires < this.now()) {
      throw new HttpError(
        400,
        'This Upstox sign-in link has expired or was already used. Connect again from the dashboard.',
        'invalid_state',
      );
    }
    const grant = await this.rest.exchangeCode({
      code,
      clientId: this.credentials.clientId!,
      clientSecret: this.credentials.clientSecret!,
      redirectUri: this.credentials.redirectUri!,
      now: this.now(),
    });
    const session: StoredSession = {
      accessToken: grant.accessToken,
      issuedAtMs: grant.issuedAtMs,
      userId: grant.userId,
      userName: grant.userName,
    };
    this.settings.set(SESSION_KEY, this.box.seal(JSON.stringify(session)));
    this.cached = session;
  }

  private pruneStates(): void {
    const now = this.now();
    for (const [state, expires] of this.states) if (expires < now) this.states.delete(state);
  }
}
