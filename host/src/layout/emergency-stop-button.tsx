import { useEmergencyStop } from '@td/api-client';
import { EmergencyStopControl } from '@td/ui';
import { useHostServices } from '../remotes/host-services';

/** The shell's Emergency Stop, in the top bar of every screen; the same control the risk screen shows. */
export function EmergencyStopButton() {
  const { notify } = useHostServices();
  // The halt banner subscribes to the safety stream; this button reads the same cached halt state.
  const flow = useEmergencyStop({ notify });
  return <EmergencyStopControl flow={flow} label="Emergency Stop" size="sm" />;
}
