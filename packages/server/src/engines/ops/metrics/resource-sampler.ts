import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { clampPercent, ProcessCpuMeter } from './process-cpu-meter';

export interface ResourceSample {
  /** The process's CPU time over the interval as a share of one core, 0–100. */
  cpuProcess: number;
  /** All cores' busy time over the interval, 0–100. */
  cpuMachine: number;
  memoryPercent: number;
  rssMb: number;
  eventLoopDelayMs: number;
  eventLoopDelayP99Ms: number;
}

function machineTimes() {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const { user, nice, sys, idle: free, irq } = cpu.times;
    idle += free;
    total += user + nice + sys + free + irq;
  }
  return { idle, total };
}

/** Measures the running process and its machine; each `sample()` covers the time since the last. */
export class ResourceSampler {
  private readonly cpu = new ProcessCpuMeter();
  private lastMachine = machineTimes();
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });

  constructor() {
    this.loopDelay.enable();
  }

  sample(): ResourceSample {
    const machine = machineTimes();
    const busy = machine.total - this.lastMachine.total - (machine.idle - this.lastMachine.idle);
    const span = machine.total - this.lastMachine.total;
    this.lastMachine = machine;
    const ns = (value: number) => (Number.isFinite(value) ? Math.round((value / 1e6) * 100) / 100 : 0);
    const sample = {
      cpuProcess: this.cpu.percent(),
      cpuMachine: clampPercent(span > 0 ? (busy / span) * 100 : 0),
      memoryPercent: clampPercent(((os.totalmem() - os.freemem()) / os.totalmem()) * 100),
      rssMb: Math.round((process.memoryUsage.rss() / 1048576) * 10) / 10,
      eventLoopDelayMs: ns(this.loopDelay.mean),
      eventLoopDelayP99Ms: ns(this.loopDelay.percentile(99)),
    };
    this.loopDelay.reset();
    return sample;
  }

  stop(): void {
    this.loopDelay.disable();
  }
}
