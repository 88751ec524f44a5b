import { warningAt, type Diagnostic } from '../../diagnostics/diagnostic.js';
import type { IgnoredStatement } from '../../../grammar/span.js';
import { spanIn } from './positions.js';

/** Every statement that describes no data, named with its place, so that nothing is dropped silently. */
export function ignoredWarnings(file: string, ignored: readonly IgnoredStatement[]): Diagnostic[] {
  return ignored.map((statement) =>
    warningAt('diagram_element_ignored', `${statement.what} ignored: it describes how the diagram looks, not the data`, spanIn(file, statement.span)),
  );
}
