import { DIAGNOSTIC_CODES } from '../../../src/diagnostics/codes.js';
import type { FileAction } from '../../../src/plan/file-change.js';

/** What each action of a listed file means; a FileAction missing here does not compile. */
export const ACTION_MEANINGS = {
  created: 'The file did not exist; it was written.',
  updated: 'The file was rewritten with new content.',
  merged: 'A file edited by hand, rewritten with the hand edits and the new generation merged.',
  conflicted: 'A file edited by hand whose merge conflicts, written with conflict markers (`--merge=markers`) for you to resolve.',
  unchanged: 'The file already holds what this run would write.',
  kept: 'A file edited by hand, left as it is (a `modified_file_kept` or `merge_conflict` warning says why).',
  deleted: 'The file was removed.',
} as const satisfies Record<FileAction, string>;

const SOURCE = {
  type: 'object',
  description: 'Where in your input the problem is: a file with its line and column, or a command-line flag with the column in its value.',
  additionalProperties: false,
  properties: {
    file: { type: 'string', description: 'The file, as given or relative to the project.' },
    line: { type: 'integer', minimum: 1, description: 'The line, counted from 1.' },
    column: { type: 'integer', minimum: 1, description: 'The column, counted from 1.' },
    flag: { type: 'string', description: 'The flag whose value holds the problem, as typed: `--fields`.' },
  },
};

function diagnostic(kind: 'warning' | 'error'): object {
  const path = { path: { type: 'string', description: 'The project file the warning is about, relative to the project.' } };
  return {
    type: 'object',
    description: kind === 'error' ? 'A problem that stopped the command: nothing was written.' : 'A problem reported while the command went on.',
    additionalProperties: false,
    required: ['code', 'message'],
    properties: {
      code: { $ref: '#/$defs/code', description: 'What kind of problem it is: a diagnostic code.' },
      message: { type: 'string', description: 'What is wrong, in a sentence.' },
      ...(kind === 'warning' ? path : {}),
      source: { $ref: '#/$defs/source', description: 'Where in your input the problem is; absent when it is about no place of it.' },
    },
  };
}

/** schemas/report.schema.json: the document `--json` prints (src/cli/output/report.ts). */
export function reportSchema(): object {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://fullapi.dev/schemas/report.schema.json',
    title: 'FullapiReport',
    description:
      'The document fullapi prints on stdout with --json (make, publish, validate, validate-stubs, clean-routes, delete): what the command did to each file, and every warning and error.',
    type: 'object',
    additionalProperties: false,
    required: ['ok', 'files', 'warnings', 'errors'],
    properties: {
      ok: { type: 'boolean', description: 'true when the command succeeded (warnings allowed): the exit code is 0.' },
      files: {
        type: 'array',
        description: 'Each file the command wrote, would write (with --dry-run) or left as it was. Empty for the commands that write nothing and when an error stopped the command.',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['path', 'action'],
          properties: {
            path: { type: 'string', description: 'The file, relative to the project, with forward slashes.' },
            action: { enum: Object.keys(ACTION_MEANINGS), description: 'What the command did (or, with --dry-run, would do) to the file.' },
          },
        },
      },
      warnings: { type: 'array', description: 'The warnings, in order of file (or flag), line and column.', items: { $ref: '#/$defs/warning' } },
      errors: { type: 'array', description: 'The errors, in order of file (or flag), line and column. When there is one, ok is false and nothing was written.', items: { $ref: '#/$defs/error' } },
      stubs: {
        type: 'array',
        description: 'validate-stubs only: the published stubs it checked, relative to the project.',
        items: { type: 'string' },
      },
    },
    $defs: {
      code: { description: 'The diagnostic code (docs/reference/codes.md).', enum: Object.keys(DIAGNOSTIC_CODES) },
      source: SOURCE,
      warning: diagnostic('warning'),
      error: diagnostic('error'),
    },
  };
}
