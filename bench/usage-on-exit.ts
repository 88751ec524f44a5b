import { writeFileSync } from 'node:fs';

/**
 * Preloaded (`node --import`) into every process the bench times, fullapi's and the floors' alike: at exit it
 * writes the processor time and peak memory the process used, from the kernel's own accounting, to the file
 * `FULLAPI_BENCH_USAGE` names. Node's start-up before this module counts too, as the kernel counts it.
 */
const target = process.env['FULLAPI_BENCH_USAGE'];
if (target !== undefined) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(target, JSON.stringify({ cpuMicroseconds: usage.userCPUTime + usage.systemCPUTime, maxRssKilobytes: usage.maxRSS }));
  });
}
