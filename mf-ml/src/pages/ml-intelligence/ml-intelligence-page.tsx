import { Page, PageHeader, Tabs } from '@td/ui';
import { useSearchParams } from 'react-router-dom';
import { MlEnhancementsTab } from './ml-enhancements-tab';
import { SystemOverviewTab } from './system-overview-tab';

const TAB_IDS = ['overview', 'enhancements'] as const;
type MlTab = (typeof TAB_IDS)[number];
const isMlTab = (value: string | null): value is MlTab =>
  (TAB_IDS as readonly (string | null)[]).includes(value);

/**
 * spec part 2 §2.6 "ML Intelligence System" (/ml-intelligence): two tabs, each with its own Refresh
 * and a 30 s refresh. Every figure comes from the ML service's calls; a card whose call fails says
 * Not Connected (Future Enhancement) on its own. The open tab is kept in the address (?tab=).
 */
export function MlIntelligencePage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: MlTab = isMlTab(requested) ? requested : 'overview';
  return (
    <Page>
      <PageHeader
        title="ML Intelligence System"
        subtitle="Memory, knowledge graph, learning and the six-model ensemble, measured as they run"
      />
      <Tabs
        label="ML Intelligence views"
        value={tab}
        onChange={(id) => setParams(id === 'overview' ? {} : { tab: id }, { replace: true })}
        tabs={[
          { id: 'overview', label: 'System Overview', content: <SystemOverviewTab /> },
          { id: 'enhancements', label: 'ML Enhancements', content: <MlEnhancementsTab /> },
        ]}
      />
    </Page>
  );
}
