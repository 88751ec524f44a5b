// The part of @php-wasm's API that php83.ts and php83-server.ts use. The packages' own declarations re-export `./lib`, a folder,
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
  export interface PHPResponse {
    readonly httpStatusCode: number;
    readonly headers: Record<string, string[]>;
    readonly bytes: Uint8Array;
  }
  export class PHPRequestHandler {
    constructor(config: {
      php: PHP;
      documentRoot: string;
      absoluteUrl: string;
      getFileNotFoundAction: (relativePath: string) => { type: 'internal-redirect'; uri: string } | { type: '404' };
    });
    request(request: { method: string; url: string; headers: Record<string, string>; body?: Uint8Array }): Promise<PHPResponse>;
  }
}

declare module '@php-wasm/node' {
  import type { PHP } from '@php-wasm/universal';
  export function loadNodeRuntime(version: '8.3', options?: { emscriptenOptions?: { processId?: number } }): Promise<number>;
  export function useHostFilesystem(php: PHP): void;
}
