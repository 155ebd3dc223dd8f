/** Why the server closed a stream; the client acts on these codes. */
export const STREAM_CLOSE_CODES = {
  /** The session ended (signed out, expired, password changed): the client shows the signed-out state. */
  sessionEnded: 4401,
  /** The client left more unread data on the socket than the server holds for one client: reconnect. */
  tooFarBehind: 4408,
  /** This session already has as many streams open as it may. */
  tooManyForSession: 4429,
  /** The server holds as many streams as it will (the standard "try again later"). */
  serverFull: 1013,
} as const;
