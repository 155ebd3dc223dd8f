import { SettingsTabNotBuilt } from './settings-tab-not-built';

/** spec part 2 §2.1 "Data Source Configuration": the Settings screen's Data Sources tab. */
export function DataSourcesSettings() {
  return (
    <SettingsTabNotBuilt
      title="Data Sources"
      summary="It will manage the market data feeds, with no vendor lock-in, and the Upstox broker credentials and access token."
    />
  );
}
