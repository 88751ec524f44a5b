import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { FailureClass, SessionResult, ShrunkClass } from './fuzz-session.js';
import type { FrontEndName } from './front-ends.js';
import type { GeneratorLimits } from './inputs/limits.js';

/** What the runner (fuzz-runner.ts) and the processes doing its jobs (fuzz-job.ts) say to each other. */

export interface JobSettings {
  limits: GeneratorLimits;
  slowInputMs?: number;
  phpBatchSize?: number;
  shrinkTimeLimitMs: number;
}

export type Job =
  | { kind: 'fuzz'; frontEnd: FrontEndName; seed: number; firstRun: number; runs: number; timeLimitMs?: number }
  | { kind: 'shrink'; classes: FailureClass[] };

/** The first message to a job's process. */
export interface JobRequest {
  job: Job;
  settings: JobSettings;
  heartbeatFile: string;
}

export type JobMessage =
  /** First, so that the runner can remove the job's folders if the process is stopped or dies. */
  | { type: 'started'; workspace: string }
  | ({ type: 'progress' } & SessionResult)
  | ({ type: 'fuzzed' } & SessionResult)
  | { type: 'shrinking'; index: number }
  | { type: 'shrunk'; index: number; shrunk: ShrunkClass };

/** A PHP batch may take long without a beat: the watchdog leaves a process alone while it waits for php. */
export const PHASE = { running: 0, checkingPhp: 1 } as const;
export type Phase = (typeof PHASE)[keyof typeof PHASE];

export interface Heartbeat {
  /** One input started. */
  beat(runId: number): void;
  phase(phase: Phase): void;
}

export interface HeartbeatState {
  beats: number;
  runId: number;
  phase: Phase;
}

/**
 * The heartbeat as a small file, rewritten in place before every input with a synchronous write: it tells
 * the runner which input a process was on when it hung or crashed, which a message sent just before a
 * hang might never do.
 */
export class HeartbeatFile implements Heartbeat {
  private readonly fd: number;
  private beats = 0;
  private runId = -1;
  private current: Phase = PHASE.running;

  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }

  beat(runId: number): void {
    this.beats += 1;
    this.runId = runId;
    this.write();
  }

  phase(phase: Phase): void {
    this.current = phase;
    this.write();
  }

  close(): void {
    closeSync(this.fd);
  }

  private write(): void {
    writeSync(this.fd, `${this.beats} ${this.runId} ${this.current}`.padEnd(40), 0);
  }
}

export function readHeartbeat(path: string): HeartbeatState | undefined {
  try {
    const [beats, runId, phase] = readFileSync(path, 'utf8').trim().split(' ').map(Number);
    return beats === undefined || runId === undefined || phase === undefined ? undefined : { beats, runId, phase: phase as Phase };
  } catch {
    return undefined;
  }
}
