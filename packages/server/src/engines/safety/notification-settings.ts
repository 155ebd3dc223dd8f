import { type NotificationSettings, notificationSettingsSchema } from '@td/contracts';
import type { SettingsRepository } from '../../core/ports/repositories/settings';

const SETTINGS_KEY = 'notifications';

/** Every alert e-mail on, to the signed-in trader's address (email null), until the trader says otherwise. */
export const DEFAULT_NOTIFICATIONS: NotificationSettings = {
  email: null,
  breaker_trip: true,
  daily_loss: true,
  ml_confidence: true,
};

/** The Notifications tab's settings, kept in the settings table. */
export class NotificationSettingsStore {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly traderEmail: string,
  ) {}

  get(): NotificationSettings {
    const parsed = notificationSettingsSchema.safeParse(this.settings.get<unknown>(SETTINGS_KEY));
    return parsed.success ? parsed.data : DEFAULT_NOTIFICATIONS;
  }

  save(value: NotificationSettings): NotificationSettings {
    this.settings.set(SETTINGS_KEY, value);
    return value;
  }

  /** Where an e-mail of this kind goes, or null when the trader turned it off. */
  recipientFor(kind: 'breaker_trip' | 'daily_loss' | 'ml_confidence'): string | null {
    const current = this.get();
    return current[kind] ? (current.email ?? this.traderEmail) : null;
  }
}
