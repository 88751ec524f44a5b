// The part of @php-wasm's API that php83.ts uses. The packages' own declarations re-export `./lib`, a folder,
// which TypeScript's NodeNext resolution does not follow, so it would see no export at all.
declare module '@php-wasm/universal' {
  export interface StreamedPHPResponse {
    stdoutText: Promise<string>;
    stderrText: Promise<string>;
    exitCode: Promise<number>;
  }
  export class PHP {
    constructor(runtimeId: number);
    chdir(path: string): void;
    cli(argv: string[], options?: { env?: Record<string, string>; cwd?: string }): Promise<StreamedPHPResponse>;
  }
}

declare module '@php-wasm/node' {
  import type { PHP } from '@php-wasm/universal';
  export function loadNodeRuntime(version: '8.3', options?: { emscriptenOptions?: { processId?: number } }): Promise<number>;
  export function useHostFilesystem(php: PHP): void;
}
