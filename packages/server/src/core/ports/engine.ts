/**
 * A part of the server with something to start and stop: a timer, a socket, a watch, a loop.
 * The runtime starts engines in list order and stops them in reverse, awaiting each stop, so
 * nothing an engine leaves behind outlives the database it writes to.
 */
export interface Engine {
  readonly name: string;
  start(): Promise<void> | void;
  stop(): Promise<void>;
}
