import { SettingsTabNotBuilt } from './settings-tab-not-built';

/** spec part 2 §2.2 "Connectivity Settings": the Settings screen's Connectivity tab. */
export function ConnectivitySettings() {
  return (
    <SettingsTabNotBuilt title="Connectivity" summary="It will manage broker connections and API settings." />
  );
}
