import type { UpstoxStaticIp } from '@td/contracts';
import type { SettingsRepository } from '../../core/ports/repositories/settings';

/** What the static-IP view needs from the Upstox account. */
export interface StaticIpAccount {
  /** Names the usable Upstox session (its sign-in instant); null when there is none. */
  sessionId(): string | null;
  registeredIps(): Promise<{ primary: string | null; secondary: string | null }>;
}

interface StaticIpRecord {
  session: string;
  primary: string | null;
  secondary: string | null;
  checkedAt: number;
  changedFrom: string | null;
}

const KEY = 'upstox_static_ip';

/**
 * The static IP Upstox orders must come from (SEBI 2025; Upstox enforces it from 1 April 2026). Upstox
 * reports the addresses registered for the account, never the one it sees, and no third-party
 * "what is my IP" service is asked: the registered primary, or UPSTOX_STATIC_IP when Upstox cannot
 * be asked. Asked once per Upstox session and remembered, so a change between sessions is shown.
 */
export class UpstoxStaticIpService {
  private asking: Promise<UpstoxStaticIp> | null = null;

  constructor(
    private readonly account: StaticIpAccount,
    private readonly settings: Pick<SettingsRepository, 'get' | 'set'>,
    private readonly configured: string | null,
    private readonly now: () => number,
  ) {}

  async view(): Promise<UpstoxStaticIp> {
    const session = this.account.sessionId();
    if (session === null)
      return this.configuredView('Upstox was not asked: it is asked once your Upstox account is connected.');
    const stored = this.settings.get<StaticIpRecord>(KEY) ?? null;
    if (stored?.session === session) return this.upstoxView(stored);
    this.asking ??= this.ask(session, stored).finally(() => {
      this.asking = null;
    });
    return this.asking;
  }

  private async ask(session: string, previous: StaticIpRecord | null): Promise<UpstoxStaticIp> {
    let ips: { primary: string | null; secondary: string | null };
    try {
      ips = await this.account.registeredIps();
    } catch (error) {
      // Not remembered: the next visit to the tab asks again.
      return this.configuredView(
        `Upstox did not answer (${(error as Error).message}); it is asked again next time.`,
      );
    }
    const before = previous?.primary ?? null;
    const record: StaticIpRecord = {
      session,
      ...ips,
      checkedAt: this.now(),
      changedFrom: before !== null && before !== ips.primary ? before : null,
    };
    this.settings.set(KEY, record);
    return this.upstoxView(record);
  }

  private upstoxView(record: StaticIpRecord): UpstoxStaticIp {
    const registered = [record.primary, record.secondary].filter((ip) => ip !== null);
    return {
      address: record.primary,
      secondary_address: record.secondary,
      source: 'upstox',
      checked_at: new Date(record.checkedAt).toISOString(),
      configured_address: this.configured,
      changed_from: record.changedFrom,
      configured_mismatch: this.configured !== null && !registered.includes(this.configured),
      note:
        record.primary === null
          ? 'No static IP is registered with Upstox: register the API server’s address in Upstox → My Apps → Static IPs, or Upstox rejects its orders.'
          : null,
    };
  }

  private configuredView(note: string): UpstoxStaticIp {
    return {
      address: this.configured,
      secondary_address: null,
      source: this.configured === null ? 'none' : 'configured',
      checked_at: null,
      configured_address: this.configured,
      changed_from: null,
      configured_mismatch: false,
      note,
    };
  }
}
