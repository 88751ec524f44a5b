import type { FilePatch } from '../../../plan/file-plan.js';
import { PAGE_SIZE_CONFIG_FILE } from '../../../plan/project-files.js';
import type { RenderedStub } from '../../render-stub.js';
import { renderWithPartials, type StubRendering } from '../../emit-result.js';

/** `config/api-generator.php` with these page sizes, as config.stub lays it out. */
export function pageSizeConfigSource(perPage: number, maxPerPage: number, ctx: StubRendering): RenderedStub {
  return renderWithPartials('config', { perPage: String(perPage), maxPerPage: String(maxPerPage) }, ctx);
}

/** Publishing never replaces the user's copy, unless forced. */
export function publishPageSizeConfig(source: string, force: boolean): FilePatch {
  return {
    kind: 'patch',
    path: PAGE_SIZE_CONFIG_FILE,
    artifact: null,
    describe: 'publish the page size configuration',
    apply: (existing) => ({ ok: true, content: existing !== undefined && !force ? existing : source }),
  };
}
