import { readDiagramFile } from '../../frontends/diagram/index.js';
import { readClassDataFile } from '../../frontends/schema/class-data-file.js';
import { readSchemaFile } from '../../frontends/schema/index.js';
import type { FrontEnds } from './front-ends.js';

/** Every front end, loaded with this module: for callers that may read any kind of file and start once (watch, tests). */
export const EVERY_FRONT_END: Required<FrontEnds> = { schema: readSchemaFile, diagram: readDiagramFile, record: readClassDataFile };
