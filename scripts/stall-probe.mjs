/**
 * Loaded into the server by `npm run bench:stalls` (node --import): reports to stderr, as `STALL-PROBE {json}`
 * lines with wall-clock times, every garbage collection and every time the event loop was held
 * 30 ms or more, with the CPU time this process used meanwhile. A hold with little CPU of our own is the machine
 * taking the core away (other processes); a hold with as much CPU as wall time is work of our own on the loop.
 */
import { PerformanceObserver, performance } from 'node:perf_hooks';
import { setInterval } from 'node:timers';

const report = (event) => process.stderr.write(`STALL-PROBE ${JSON.stringify(event)}\n`);

new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    report({ gc: entry.detail?.kind ?? 0, ms: entry.duration, at: performance.timeOrigin + entry.startTime });
  }
}).observe({ entryTypes: ['gc'] });

const TICK_MS = 10;
let last = performance.now();
let lastCpu = process.cpuUsage();
setInterval(() => {
  const now = performance.now();
  const cpu = process.cpuUsage(lastCpu);
  const heldMs = now - last - TICK_MS;
  if (heldMs >= 30) {
    report({ held: heldMs, cpuMs: (cpu.user + cpu.system) / 1000, at: performance.timeOrigin + last });
  }
  last = now;
  lastCpu = process.cpuUsage();
}, TICK_MS).unref();
