import { markServerStart, serverUptimeSeconds } from './server-uptime';

describe('server uptime', () => {
  it('counts from the moment the process became the server, not from when a spare was loaded', () => {
    markServerStart(50_000);
    expect(serverUptimeSeconds(50_000)).toBe(0);
    expect(serverUptimeSeconds(62_400)).toBe(12);
  });
});
