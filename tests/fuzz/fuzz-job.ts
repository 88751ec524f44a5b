import { HeartbeatFile, type JobMessage, type JobRequest } from './fuzz-protocol.js';
import { fuzzFrontEnd, shrinkClass } from './fuzz-session.js';
import { createWorkspace, disposeWorkspace } from './workspace.js';

/**
 * A process doing one job for the runner (fuzz-runner.ts): the main pass of one front end, or the shrinking
 * of its failure classes. A process of its own, not a thread, since some inputs end the whole process (V8
 * aborts when it runs out of memory compiling a regular expression deep in a recursion): the runner
 * sees it die, reads the heartbeat for the input it was on, and carries on.
 */

/** Sends a message and waits until it is out, so that the last one is not lost when the process ends. */
function post(message: JobMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    const sent = process.send?.(message, (error: Error | null) => (error === null ? resolve() : reject(error)));
    if (sent === undefined) reject(new Error('fuzz-job.js runs as a child process of the fuzz runner'));
  });
}

process.once('message', (request: JobRequest) => {
  void run(request).then(() => process.disconnect?.());
});

async function run({ job, settings, heartbeatFile }: JobRequest): Promise<void> {
  const heartbeat = new HeartbeatFile(heartbeatFile);
  const workspace = createWorkspace();
  await post({ type: 'started', workspace: workspace.base });
  try {
    if (job.kind === 'fuzz') {
      const result = await fuzzFrontEnd({
        frontEnd: job.frontEnd,
        seed: job.seed,
        firstRun: job.firstRun,
        runs: job.runs,
        limits: settings.limits,
        workspace,
        heartbeat,
        onProgress: (progress) => void post({ type: 'progress', ...progress }),
        ...(settings.phpBatchSize === undefined ? {} : { phpBatchSize: settings.phpBatchSize }),
        ...(settings.slowInputMs === undefined ? {} : { slowInputMs: settings.slowInputMs }),
        ...(job.timeLimitMs === undefined ? {} : { timeLimitMs: job.timeLimitMs }),
      });
      await post({ type: 'fuzzed', ...result });
    } else {
      for (const [index, found] of job.classes.entries()) {
        await post({ type: 'shrinking', index });
        const shrunk = await shrinkClass(found, {
          limits: settings.limits,
          workspace,
          timeLimitMs: settings.shrinkTimeLimitMs,
          heartbeat,
          ...(settings.slowInputMs === undefined ? {} : { slowInputMs: settings.slowInputMs }),
        });
        await post({ type: 'shrunk', index, shrunk });
      }
    }
  } finally {
    heartbeat.close();
    disposeWorkspace(workspace);
  }
}
