import { RemoteSlot, usePlatform } from '@td/platform';
import { Page, PageHeader, Tabs } from '@td/ui';
import { useSearchParams } from 'react-router-dom';
import { AllocationPage } from '../allocation/allocation-page';
import { RiskPage } from '../risk/risk-page';
import { NotificationsTab } from './notifications-tab';
import { ProfileTab } from './profile-tab';

const TAB_IDS = ['allocation', 'risk', 'notifications', 'profile', 'data-sources', 'connectivity'] as const;
type SettingsTab = (typeof TAB_IDS)[number];
const isSettingsTab = (value: string | null): value is SettingsTab =>
  (TAB_IDS as readonly (string | null)[]).includes(value);

/**
 * spec part 1 §2 "Settings" (/settings). The Data Sources and Connectivity tabs belong to the
 * infrastructure remote and are mounted from it at runtime (docs/decisions/0016-remote-slot.md).
 * The open tab is kept in the address (?tab=), so it survives a reload and can be linked to.
 */
export function SettingsPage() {
  const { session } = usePlatform();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: SettingsTab = isSettingsTab(requested) ? requested : 'allocation';
  return (
    <Page>
      <PageHeader title="Settings" subtitle="Allocation, risk, notifications, profile and data sources" />
      <Tabs
        label="Settings sections"
        value={tab}
        onChange={(id) => setParams({ tab: id }, { replace: true })}
        tabs={[
          { id: 'allocation', label: 'Daily Allocation', content: <AllocationPage embedded /> },
          { id: 'risk', label: 'Risk Management', content: <RiskPage embedded /> },
          {
            id: 'notifications',
            label: 'Notifications',
            content: <NotificationsTab signedInEmail={session.user?.email ?? null} />,
          },
          { id: 'profile', label: 'Profile', content: <ProfileTab user={session.user} /> },
          {
            id: 'data-sources',
            label: 'Data Sources',
            content: <RemoteSlot remote="infra" module="DataSourcesSettings" section="Data Sources" />,
          },
          {
            id: 'connectivity',
            label: 'Connectivity',
            content: <RemoteSlot remote="infra" module="ConnectivitySettings" section="Connectivity" />,
          },
        ]}
      />
    </Page>
  );
}
