import { join } from 'node:path';
import { CLASS_DATA_PATH } from '../emit/records/class-data.js';
import type { WizardAnswers } from '../frontends/wizard/answers.js';
import { mergedSchemaJson, mergedSchemaText, newSchemaText } from '../frontends/wizard/schema-entity.js';
import { studly } from '../passes/naming/str.js';
import { describeOsError, nodeFs, type ProjectFs } from '../project/fs/project-fs.js';
import { loadFrontEnds } from './input/front-ends.js';

/** What `make --interactive` reads and writes besides a make run: the entities to relate to, and the schema file it saves to. */

/** The entities class_data.json records, by class name: what a relation of the wizard's entity may target. */
export async function recordedEntityNames(projectRoot: string, fs: ProjectFs = nodeFs): Promise<string[]> {
  const path = join(projectRoot, CLASS_DATA_PATH);
  if (!fs.exists(path)) return [];
  const { record } = await loadFrontEnds(['record']);
  let text: string;
  try {
    text = fs.readFile(path);
  } catch {
    // The make run reads the record again and says what is wrong with it.
    return [];
  }
  const entities = record?.(CLASS_DATA_PATH, text).model?.entities ?? [];
  return [...new Set(entities.map((entity) => studly(entity.name)))].sort();
}

/** The schema files the wizard saves into, in the order `make` looks for them. */
const SAVED_SCHEMA_FILES = ['api-schema.yaml', 'api-schema.yml', 'api-schema.json'] as const;

/** The schema file `make` reads first, which the answers are saved into: an existing one, or a new api-schema.yaml. */
export function schemaFileFor(projectRoot: string, fs: ProjectFs = nodeFs): { path: string; exists: boolean } {
  const found = SAVED_SCHEMA_FILES.find((name) => fs.exists(join(projectRoot, name)));
  return found === undefined ? { path: 'api-schema.yaml', exists: false } : { path: found, exists: true };
}

/**
 * Writes the answers' entity into the project's schema file (schemaFileFor), merged into the file's text; the
 * file is replaced at once (a new file renamed over it), so a failure leaves it as it was.
 */
export function saveAnswers(projectRoot: string, answers: WizardAnswers, fs: ProjectFs = nodeFs): { path: string } | { path: string; problem: string } {
  const { path, exists } = schemaFileFor(projectRoot, fs);
  const absolute = join(projectRoot, path);
  let merged: { text: string } | { problem: string };
  try {
    merged = !exists ? { text: newSchemaText(answers) } : path.endsWith('.json') ? mergedSchemaJson(fs.readFile(absolute), answers) : mergedSchemaText(fs.readFile(absolute), answers);
  } catch (cause) {
    return { path, problem: describeOsError(cause) };
  }
  if ('problem' in merged) return { path, problem: merged.problem };
  const temporary = `${absolute}.fullapi-${process.pid}.tmp`;
  try {
    fs.createFile(temporary, merged.text);
    fs.rename(temporary, absolute);
  } catch (cause) {
    if (fs.exists(temporary)) fs.unlink(temporary);
    return { path, problem: describeOsError(cause) };
  }
  return { path };
}
