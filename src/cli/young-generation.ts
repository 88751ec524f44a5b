import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A watch run leaves the young generation full (its plan, the record read ahead for the next run); left
 * there, it is collected during the next save's run, on that save's time. Collected while the session waits
 * for a save, it is off the save's path: the median of six interleaved pairs of watch benches (50 entities,
 * 2026-11-29) went from 71 to 63 ms. Only the young generation: a full collection also drops compiled code
 * the next run needs, and doubled the latency. V8 hands its collector to script only behind --expose-gc,
 * which the process was not started with; set now, the flag exposes it in contexts made after, as test
 * runners do for heap reports. Where it cannot be had, collecting is left to V8, as before.
 */
export function youngGenerationCollector(): () => void {
  setFlagsFromString('--expose-gc');
  const collect: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
  if (typeof collect !== 'function') return () => undefined;
  return () => collect({ type: 'minor' });
}
