import crypto from 'node:crypto';
import type { BrokerIntegration } from '@td/contracts';
import { HttpError } from '../../core/errors';
import type { SettingsRepository } from '../../core/ports/repositories/settings';
import type { SecretBox } from '../../storage/secrets/secret-box';
import { jwtExpiry, liveSessionEnd, UpstoxRestClient, type UpstoxSession } from '../market/providers/upstox';
import { tokenStatus } from '../market/providers/upstox/token-status';
import { UpstoxStaticIpService } from './upstox-static-ip';

export interface UpstoxCredentials {
  clientId?: string;
  clientSecret?: string;
  redirectUri?: string;
  baseUrl?: string;
  /** UPSTOX_STATIC_IP: the API server's public address, shown when Upstox cannot be asked. */
  staticIp?: string;
}

const SESSION_KEY = 'upstox_session';
/** Saved from Settings → Data Sources (POST /api/upstox/credentials); wins over the environment's. */
const CREDENTIALS_KEY = 'upstox_credentials';

interface SavedCredentials {
  clientId: string;
  clientSecret: string;
  redirectUri: string | null;
}
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
  /** The Connectivity tab's static IP, asked from Upstox once per session. */
  readonly staticIp: UpstoxStaticIpService;
  private readonly states = new Map<string, number>();
  private cached: StoredSession | null | undefined;
  private savedCache: SavedCredentials | null | undefined;

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
    const account = {
      sessionId: () => (this.problem() === null ? String(this.session()?.issuedAtMs ?? 'unknown') : null),
      registeredIps: () => this.rest.staticIps(),
    };
    this.staticIp = new UpstoxStaticIpService(account, settings, credentials.staticIp ?? null, now);
  }

  get configured(): boolean {
    const { clientId, clientSecret, redirectUri } = this.effectiveCredentials();
    return Boolean(clientId && clientSecret && redirectUri);
  }

  /** The saved credentials when the trader saved some, else the environment's. */
  effectiveCredentials(): UpstoxCredentials & { source: 'saved' | 'environment' | 'none' } {
    const saved = this.saved();
    if (saved)
      return {
        clientId: saved.clientId,
        clientSecret: saved.clientSecret,
        redirectUri: saved.redirectUri ?? this.credentials.redirectUri,
        source: 'saved',
      };
    const env = this.credentials;
    return { ...env, source: env.clientId && env.clientSecret ? 'environment' : 'none' };
  }

  /** spec part 2 §7 POST /api/upstox/credentials: sealed at rest, never returned. */
  saveCredentials(input: { apiKey: string; apiSecret: string; redirectUri: string | null }): void {
    const saved: SavedCredentials = {
      clientId: input.apiKey,
      clientSecret: input.apiSecret,
      redirectUri: input.redirectUri,
    };
    this.settings.set(CREDENTIALS_KEY, this.box.seal(JSON.stringify(saved)));
    this.savedCache = saved;
  }

  /** A token pasted by the trader (Upstox's developer console issues one); kept sealed like an OAuth one. */
  saveAccessToken(accessToken: string): void {
    const expiresAtMs = jwtExpiry(accessToken);
    const session: StoredSession = {
      accessToken,
      issuedAtMs: this.now(),
      ...(expiresAtMs === null ? {} : { expiresAtMs }),
      userId: null,
      userName: null,
    };
    this.settings.set(SESSION_KEY, this.box.seal(JSON.stringify(session)));
    this.cached = session;
  }

  /** The Broker integration card (spec part 2 §2.1): masked key, token status from `exp`; never a secret. */
  integration(): BrokerIntegration {
    const credentials = this.effectiveCredentials();
    const token = tokenStatus(this.session()?.accessToken, this.now());
    return {
      broker: 'upstox',
      // spec part 2 §9: the masked API key shows 8 characters.
      api_key_masked: credentials.clientId ? `${credentials.clientId.slice(0, 8)}••••••••` : null,
      has_api_secret: Boolean(credentials.clientSecret),
      redirect_uri: credentials.redirectUri ?? null,
      token_state: token.state,
      token_expires_at: token.expiresAt,
      credentials_source: credentials.source,
    };
  }

  /** Connectivity → Disconnect: forgets the access token; the credentials stay. */
  disconnect(): void {
    this.settings.set(SESSION_KEY, null);
    this.cached = null;
  }

  private saved(): SavedCredentials | null {
    if (this.savedCache === undefined) {
      const sealed = this.settings.get<string>(CREDENTIALS_KEY);
      const opened = sealed ? this.box.open(sealed) : null;
      this.savedCache = opened ? (JSON.parse(opened) as SavedCredentials) : null;
    }
    return this.savedCache;
  }

  /** Why the account cannot be used now, in words for the trader; null when a valid token exists. */
  problem(): string | null {
    if (!this.configured) {
      return 'Upstox is not configured: set UPSTOX_CLIENT_ID, UPSTOX_CLIENT_SECRET and UPSTOX_REDIRECT_URI for the API server, or save your API key and secret in Settings → Data Sources, then connect your account.';
    }
    const session = this.session();
    if (!session)
      return 'No Upstox session: connect your Upstox account (Settings → Connectivity → Connect Upstox).';
    const end = liveSessionEnd(session);
    if (end !== null && end <= this.now()) {
      return 'Your Upstox session expired at 03:30 IST. Live trading stopped: sign in to Upstox again (Settings → Connectivity → Connect Upstox), then switch to live.';
    }
    return null;
  }

  /** The instant live trading stops on the current session (03:30 IST at the latest); null without one. */
  liveAllowedUntil(): number | null {
    if (this.problem() !== null) return null;
    const session = this.session();
    return session ? liveSessionEnd(session) : null;
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
    const credentials = this.effectiveCredentials();
    return this.rest.authorizationUrl({
      clientId: credentials.clientId!,
      redirectUri: credentials.redirectUri!,
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
    const credentials = this.effectiveCredentials();
    const grant = await this.rest.exchangeCode({
      code,
      clientId: credentials.clientId!,
      clientSecret: credentials.clientSecret!,
      redirectUri: credentials.redirectUri!,
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
