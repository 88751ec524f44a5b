import { nodeFs, type ProjectFs } from '../../src/project/fs/project-fs.js';

/** A ProjectFs over the disk that notes every call, as `<method> <first argument>`. */
export function countingFs(): { fs: ProjectFs; calls: string[] } {
  const calls: string[] = [];
  const fs = Object.fromEntries(
    Object.entries(nodeFs).map(([method, call]) => [method, (...args: unknown[]) => (calls.push(`${method} ${String(args[0])}`), (call as (...a: unknown[]) => unknown)(...args))]),
  ) as unknown as ProjectFs;
  return { fs, calls };
}
