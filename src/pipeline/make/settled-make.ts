import { hasErrors, sortDiagnostics } from '../../diagnostics/diagnostic.js';
import type { GenerationOptions } from '../../ir/ir.generated.js';
import { rememberingFs } from '../../project/watch/file-memory.js';
import { generatorIdentity } from '../../project/read/generator.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { readProject } from '../../project/read/read-project.js';
import { readBuiltInStubs } from '../../project/read/stubs.js';
import type { NothingGiven } from '../../project/read/schema-input.js';
import { settledChanges, type RunIdentity } from '../../project/resolve/settled.js';
import { inputIdentity, readMakeInput, type InputReading, type InputText, type RecordText } from '../input/input.js';
import type { CommandOutcome } from '../outcome.js';
import type { MakeRequest } from './make-request.js';
import type { MakeMemory } from './make-memory.js';

/**
 * The first part of `make`, which reads its input and the project and parses nothing: when the project is
 * settled by this very input (settled.ts), that is the whole run. Apart from make.ts so that such a run loads
 * no front end, pass or emitter.
 */

const NO_ENTITY_NAME: NothingGiven = {
  missing: 'no entity name',
  span: { flag: '<entity>' },
  hint: 'run fullapi make <Entity> --fields=..., or pass --schema=<file>',
};

export interface MakeReading {
  input: InputReading;
  project: ReturnType<typeof readProject>;
  /** What the run reads the project through: a watch session's remembers what it read. */
  projectFs?: ProjectFs;
  identity?: RunIdentity;
  /** The outcome of the run when the project is settled by this input: every file unchanged. */
  settled?: CommandOutcome;
}

export function readForMake(request: MakeRequest, fs?: ProjectFs): MakeReading {
  const { memory } = request;
  const input = readMakeInput(request.input, { ...request, nothingGiven: NO_ENTITY_NAME }, fs);
  // The input is read from the disk, as its save is what started a watch session's run; the project through the session's memory.
  const projectFs = memory === undefined ? fs : rememberingFs(fs ?? nodeFs, memory.files);
  const sessionReadings = memory === undefined ? {} : { builtInStubs: (packageRoot: string) => memory.builtInStubs(() => readBuiltInStubs(packageRoot, fs ?? nodeFs)), manifests: memory.manifests };
  const project = readProject(request.projectRoot, projectFs, sessionReadings);
  const identity = input.text === undefined ? undefined : runIdentity(input.text, input.record, request.options, memory, fs);
  const reading = { input, project, ...(projectFs === undefined ? {} : { projectFs }), ...(identity === undefined ? {} : { identity }) };
  // --only plans part of the input; --force passes by a record it may doubt; a watch session's first run fills its memory.
  const maySettle = request.only === undefined && !request.force && memory === undefined;
  if (!maySettle || identity === undefined || project.snapshot === undefined || hasErrors([...input.diagnostics, ...project.diagnostics])) return reading;
  const settled = settledChanges(project.snapshot, identity, fs);
  return settled === undefined ? reading : { ...reading, settled: { ok: true, changes: settled, diagnostics: sortDiagnostics(project.diagnostics) } };
}

function runIdentity(
  text: InputText,
  record: RecordText | undefined,
  options: GenerationOptions | undefined,
  memory: MakeMemory | undefined,
  fs: ProjectFs | undefined,
): RunIdentity | undefined {
  const find = () => generatorIdentity(fs);
  const generator = memory === undefined ? find() : memory.generator(find);
  if (generator === undefined) return undefined;
  const identity = inputIdentity(text, record);
  // The command line's options change what is generated from the same text.
  return { generator, ...identity, ...(options === undefined ? {} : { input: `${identity.input} ${JSON.stringify(options)}` }) };
}
