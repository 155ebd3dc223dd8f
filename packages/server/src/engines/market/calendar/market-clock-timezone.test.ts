import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MarketClock } from './market-clock';
import { askClock, EXPECTED_IST_ANSWERS as EXPECTED } from './timezone-probe';

/**
 * The clock must answer the same whatever the machine's time zone, so it may never use
 * local-time Date getters. Jest gives each test file its own copy of process.env, so setting TZ
 * here would not reach Node's clock: the zone cases run the clock in a child Node process instead.
 */
function runClockInZone(zone: string): { answers: unknown; offsetMinutes: number } {
  const url = (file: string) => JSON.stringify(pathToFileURL(path.join(__dirname, file)).href);
  const script = `
    import { MarketClock } from ${url('market-clock.ts')};
    import { askClock } from ${url('timezone-probe.ts')};
    const answers = askClock(new MarketClock());
    console.log(JSON.stringify({ answers, offsetMinutes: new Date(Date.UTC(2026, 0, 27, 12)).getTimezoneOffset() }));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: path.resolve(__dirname, '../../../..'),
    env: { ...process.env, TZ: zone },
    encoding: 'utf8',
  });
  return JSON.parse(output);
}

describe('MarketClock is independent of the machine time zone', () => {
  it('answers in IST in this process', () => {
    expect(askClock(new MarketClock())).toEqual(EXPECTED);
  });

  it('never calls a local-time Date getter', () => {
    const localGetters = [
      'getFullYear',
      'getMonth',
      'getDate',
      'getDay',
      'getHours',
      'getMinutes',
      'getSeconds',
      'getTimezoneOffset',
      'toLocaleString',
      'toLocaleDateString',
      'toLocaleTimeString',
    ] as const;
    const spies = localGetters.map((name) =>
      jest.spyOn(Date.prototype, name).mockImplementation(() => {
        throw new Error(`local-time getter Date#${name} used`);
      }),
    );
    try {
      expect(askClock(new MarketClock())).toEqual(EXPECTED);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it.each([
    ['America/New_York', 300],
    ['Pacific/Kiritimati', -840],
  ])(
    'gives the same answers with the machine in %s',
    (zone, offsetMinutes) => {
      const result = runClockInZone(zone);
      expect(result.offsetMinutes).toBe(offsetMinutes);
      expect(result.answers).toEqual(EXPECTED);
    },
    20_000,
  );
});
