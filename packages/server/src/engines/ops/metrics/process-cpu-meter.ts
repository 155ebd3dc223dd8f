/**
 * This process's CPU time (user + system, from process.cpuUsage deltas) over the wall time since the
 * previous reading, as a share of one core, 0–100 with one decimal: a Node process saturates at one.
 */
export class ProcessCpuMeter {
  private lastCpu = process.cpuUsage();
  private lastHr = process.hrtime.bigint();

  percent(): number {
    const cpu = process.cpuUsage(this.lastCpu);
    const hr = process.hrtime.bigint();
    const elapsedUs = Number(hr - this.lastHr) / 1000;
    this.lastCpu = process.cpuUsage();
    this.lastHr = hr;
    return clampPercent(elapsedUs > 0 ? ((cpu.user + cpu.system) / elapsedUs) * 100 : 0);
  }
}

export const clampPercent = (value: number) =>
  Number.isFinite(value) ? Math.round(Math.min(100, Math.max(0, value)) * 10) / 10 : 0;
