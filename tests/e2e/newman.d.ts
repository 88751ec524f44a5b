// The part of newman's Node API that live-collection.ts uses: the package ships no declarations.
declare module 'newman' {
  export interface NewmanRunFailure {
    error: { name: string; message: string; test?: string };
    source?: { name?: string };
  }
  export interface NewmanRunSummary {
    run: {
      stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
      failures: NewmanRunFailure[];
      executions: { item: { name: string }; response?: { code: number } }[];
    };
  }
  export interface NewmanRunOptions {
    collection: unknown;
    environment?: unknown;
    reporters?: string[];
    timeoutRequest?: number;
  }
  export function run(options: NewmanRunOptions, callback: (error: Error | null, summary: NewmanRunSummary) => void): unknown;
}
