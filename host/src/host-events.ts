// Window events between the host's parts; a module of their own so the signed-out sign-in page can
// name one without importing the signed-in shell's services (docs/decisions/0053).

/** Fired when the server answers 401 to a call that carried a token; the auth provider listens. */
export const SESSION_EXPIRED_EVENT = 'trading-dashboard:session-expired';

/** Fired by a remote's openDiagnostics (Fix Connection); the diagnostics gear opens its modal. */
export const OPEN_DIAGNOSTICS_EVENT = 'trading-dashboard:open-diagnostics';
