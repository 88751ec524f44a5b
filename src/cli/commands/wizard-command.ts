import { error } from '../../diagnostics/diagnostic.js';
import { equivalentCommand, lowerAnswers, type WizardAnswers } from '../../frontends/wizard/answers.js';
import { GENERATION_OPTIONS } from '../../ir/generation-options.js';
import type { MakeRequest } from '../../pipeline/make/make-request.js';
import { recordedEntityNames, saveAnswers, schemaFileFor } from '../../pipeline/wizard.js';
import { projectRoot, report } from '../output/command-output.js';
import type { CliIo } from '../io.js';
import type { MakeFlags } from './make-command.js';
import { humanDiagnostics, palette } from '../output/report.js';
import { PromptCancelled, type Terminal } from '../terminal/terminal.js';
import { askAnswers } from '../terminal/wizard-questions.js';
import { runMakeCommand } from '../../pipeline/make/run-make.js';

/**
 * `fullapi make --interactive`: questions, then the whole preview (`--dry-run --diff`), then the writes once
 * confirmed, then the offer to save the answers into the schema file and the command that makes the same
 * entity without questions. Ctrl-C at any question stops there: nothing is written after it.
 */

/** The shell's code for a command ended by Ctrl-C (128 + SIGINT). */
export const EXIT_CANCELLED = 130;

/** No terminal to ask on: a misuse of the command line, as the other usage errors. */
const EXIT_NO_TERMINAL = 2;

export async function interactiveMake(entity: string | undefined, flags: MakeFlags, io: CliIo): Promise<number> {
  const misuse = misusedFlags(flags);
  if (misuse !== undefined) {
    io.stderr(`${humanDiagnostics([error('invalid_option', misuse.message, { flag: misuse.flag })], new Map(), palette(io.colors)).join('\n')}\n`);
    return EXIT_NO_TERMINAL;
  }
  if (io.terminal === undefined) {
    io.stderr(
      'fullapi make --interactive asks its questions on a terminal, and standard input or output is not one (CI, a pipe).\n' +
        'Describe the entity with --fields, or in api-schema.yaml and run fullapi make.\n',
    );
    return EXIT_NO_TERMINAL;
  }
  const terminal = await io.terminal();
  const root = projectRoot(flags, io);
  let written = false;
  try {
    const answers = await askAnswers(terminal, {
      ...(entity === undefined ? {} : { entity }),
      softDeletes: flags.softDeletes === true,
      options: Object.fromEntries(GENERATION_OPTIONS.filter((option) => flags[option] === true).map((option) => [option, true])),
      knownEntities: await recordedEntityNames(root),
    });
    const lowered = lowerAnswers(answers);
    if (lowered.entities === undefined || lowered.diagnostics.length > 0) {
      return report({ ok: false, changes: [], diagnostics: lowered.diagnostics }, {}, new Map(), io);
    }
    const now = io.now();
    const request: MakeRequest = {
      input: { kind: 'fields', entity: answers.entity, softDeletes: answers.softDeletes, wizard: lowered.entities },
      frontEnds: {},
      ...(flags.only === undefined ? {} : { only: flags.only }),
      force: flags.force === true,
      dryRun: true,
      projectRoot: root,
      cwd: io.cwd,
      readStdin: io.readStdin,
      now,
      ...(Object.keys(answers.options).length === 0 ? {} : { options: answers.options }),
    };
    io.stdout('\nPreview: what the run would do to each file, and the diff of those it changes.\n');
    const preview = report(await runMakeCommand(request), { dryRun: true, diff: true }, new Map(), io);
    if (preview !== 0 || flags.dryRun === true) return finish(preview, answers, io);
    if (!(await terminal.confirm({ message: 'Write these files?', default: true }))) {
      io.stdout('Nothing was written.\n');
      return finish(0, answers, io);
    }
    const outcome = await runMakeCommand({ ...request, dryRun: false });
    const exitCode = report(outcome, {}, new Map(), io);
    written = outcome.ok;
    if (exitCode === 0) await offerToSave(terminal, root, answers, io);
    return finish(exitCode, answers, io);
  } catch (cause) {
    if (!(cause instanceof PromptCancelled)) throw cause;
    io.stderr(written ? '\nCancelled: the files above were written; the schema file was left as it was.\n' : '\nCancelled: nothing was written.\n');
    return EXIT_CANCELLED;
  }
}

/** Flags that give the entity another way, or a report only a script reads: the wizard asks instead. */
function misusedFlags(flags: MakeFlags): { message: string; flag: string } | undefined {
  const given = (['fields', 'addFields', 'schema', 'mermaid', 'fromDatabase', 'json', 'diff'] as const).find((name) => flags[name] !== undefined && flags[name] !== false);
  if (given === undefined) return undefined;
  const flag = `--${given.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
  const reason = given === 'json' ? 'asks questions on a terminal: a script runs make with --fields --json instead' : given === 'diff' ? 'always shows the diff before writing' : 'asks for the entity itself';
  return { message: `--interactive ${reason}: leave out ${flag}`, flag };
}

async function offerToSave(terminal: Terminal, root: string, answers: WizardAnswers, io: CliIo): Promise<void> {
  const file = schemaFileFor(root);
  const names = [...answers.newTargets.map((target) => target.entity), answers.entity].join(', ');
  const where = file.exists ? `merge ${names} into ${file.path}` : `write ${file.path} with ${names}`;
  if (!(await terminal.confirm({ message: `Save the answers (${where}), so the next change is an edit of that file?`, default: true }))) return;
  const saved = saveAnswers(root, answers);
  if ('problem' in saved) io.stderr(`${saved.path} was left as it was: ${saved.problem}\n`);
  else io.stdout(`Saved ${names} in ${saved.path}.${file.exists ? '' : ' fullapi make now reads that file, so it must hold every entity you generate with it.'}\n`);
}

/** Ends with the command that makes the same entity without questions. */
function finish(exitCode: number, answers: WizardAnswers, io: CliIo): number {
  const { command, beyondFields } = equivalentCommand(answers);
  const caveat = beyondFields.length === 0 ? '' : `\n(--fields has no syntax for ${beyondFields.join(', ')}: a schema file holds those.)`;
  io.stdout(`\nThe same without questions:\n  ${command}${caveat}\n`);
  return exitCode;
}
