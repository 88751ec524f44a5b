import type { FilePatch } from '../../../plan/file-plan.js';
import { PAGE_SIZE_CONFIG_FILE } from '../../../plan/project-files.js';

export function pageSizeConfigSource(perPage: number, maxPerPage: number): string {
  return [
    '<?php',
    '',
    '// Read by fullapi when it generates a service, not by the application: regenerate after a change.',
    'return [',
    "    // The page size of index endpoints when the client sends no per_page.",
    `    'per_page' => ${perPage},`,
    '',
    '    // The largest per_page a client may ask for.',
    `    'max_per_page' => ${maxPerPage},`,
    '];',
    '',
  ].join('\n');
}

/** Publishing never replaces the user's copy, unless forced. */
export function publishPageSizeConfig(perPage: number, maxPerPage: number, force: boolean): FilePatch {
  return {
    kind: 'patch',
    path: PAGE_SIZE_CONFIG_FILE,
    artifact: null,
    describe: 'publish the page size configuration',
    apply: (existing) => ({ ok: true, content: existing !== undefined && !force ? existing : pageSizeConfigSource(perPage, maxPerPage) }),
  };
}
