import { createRemoteLifecycles } from '@td/platform';
import { DiagnosticsPanel } from '../pages/diagnostics/diagnostics-panel';

/** Mounted by the host inside its diagnostics modal (the gear, Fix Connection, openDiagnostics) through a RemoteSlot. */
export default createRemoteLifecycles(DiagnosticsPanel, 'Diagnostics');
