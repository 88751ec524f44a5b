import { basename, extname, isAbsolute, join, resolve } from 'node:path';

/** The extension's two settings (package.json's `contributes.configuration`). */
export interface FullapiSettings {
  /** `fullapi.nodePath`: the Node binary; the bundle needs Node 20, which VS Code's own runtime may not be. */
  nodePath: string;
  /** `fullapi.project`: the Laravel project, relative to the workspace folder; empty is the folder itself. */
  project: string;
}

/** One run of the bundled command line: what a language client, a task or a terminal starts. */
export interface CliLaunch {
  command: string;
  args: string[];
  cwd: string | undefined;
}

/** Where the build (scripts/build-vscode-extension.mjs) puts the bundled command line inside the extension. */
export function bundledCliPath(extensionPath: string): string {
  return join(extensionPath, 'server', 'dist', 'cli', 'fullapi.mjs');
}

export function projectDirectory(workspaceFolder: string | undefined, settings: FullapiSettings): string | undefined {
  const project = settings.project.trim();
  if (isAbsolute(project)) return project;
  if (workspaceFolder === undefined) return undefined;
  return project === '' ? workspaceFolder : resolve(workspaceFolder, project);
}

function cliLaunch(extensionPath: string, settings: FullapiSettings, project: string | undefined, args: string[]): CliLaunch {
  const projectArgs = project === undefined ? [] : ['--project', project];
  const command = settings.nodePath.trim() === '' ? 'node' : settings.nodePath.trim();
  return { command, args: [bundledCliPath(extensionPath), ...args, ...projectArgs], cwd: project };
}

/** `fullapi lsp` over stdio, on the project of the first workspace folder. */
export function serverLaunch(extensionPath: string, settings: FullapiSettings, workspaceFolder: string | undefined): CliLaunch {
  return cliLaunch(extensionPath, settings, projectDirectory(workspaceFolder, settings), ['lsp']);
}

/**
 * The flag `make` reads a file with: a diagram (or a Markdown file's Mermaid fence) is `--mermaid`, a schema file
 * or class_data.json `--schema`. Undefined for any other file, which fullapi does not read.
 */
export function makeInputFlag(file: string): '--mermaid' | '--schema' | undefined {
  const name = basename(file).toLowerCase();
  if (/^api-schema\.(ya?ml|json)$/.test(name) || name === 'class_data.json') return '--schema';
  if (['.mmd', '.mermaid', '.md'].includes(extname(name))) return '--mermaid';
  return undefined;
}

/** Generate: `fullapi make` of every entity of the file, written into the project. */
export function generateLaunch(extensionPath: string, settings: FullapiSettings, workspaceFolder: string | undefined, file: string): CliLaunch | undefined {
  const flag = makeInputFlag(file);
  if (flag === undefined) return undefined;
  return cliLaunch(extensionPath, settings, projectDirectory(workspaceFolder, settings), ['make', flag, file]);
}

/** Validate: `fullapi validate` of the file, which needs no Laravel project (so no `--project`). */
export function validateLaunch(extensionPath: string, settings: FullapiSettings, workspaceFolder: string | undefined, file: string): CliLaunch | undefined {
  if (makeInputFlag(file) === undefined) return undefined;
  const launch = cliLaunch(extensionPath, settings, undefined, ['validate', file]);
  return { ...launch, cwd: projectDirectory(workspaceFolder, settings) };
}
