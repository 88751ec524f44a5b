/**
 * `npm run bench`: how far fullapi is from the floor, as one table.
 *
 * - Generation, for samples of 1 to 1,000 entities (bench/sample-project.ts, as api-schema.yaml, each run in
 *   a fresh copy of examples/laravel-12): `fullapi make` as a user runs it, against its floor, a bare Node
 *   process writing the same bytes to the same paths (bench/floor-write.ts, given the files the real run
 *   wrote).
 * - From those samples, the two figures of issue 33: the fixed cost, a make of one entity against `node -e 0`
 *   run beside it in each repetition; and the cost per entity, the least-squares slope of make's processor time
 *   over the entity count against the floor's.
 * - A second `make` that finds nothing to change, against the floor of reading and hashing those files
 *   (bench/floor-read.ts).
 * - The peak memory of the 1,000-entity runs.
 * - `fullapi watch` on 50 entities, for the schema file and the erDiagram: edit to disk (bench/watch-latency.ts).
 * - Start-up: `--version`, `--help` and `validate` of one entity, against `node -e 0`; and the cost of loading
 *   the code a `make` of one entity runs, none of it run, which bounds how near its floor such a make can be.
 * - `fullapi lsp` on 50 entities, for the schema file and the erDiagram: a change to the diagnostics published for it
 *   (bench/lsp-latency.ts), against the 50 ms of issue 35; wall clock, since the figure is a wait. The schema file
 *   again in a Laravel project, typed with pauses after which the server plans a make of it: a change meets a plan.
 * - `fullapi mcp` (bench/mcp-latency.ts): the server's cold start, spawn to its initialize answer, against
 *   `fullapi --version` (the CLI's start-up, spawn to exit); and a make preview of one entity (tools/call of
 *   make without apply), the first on a fresh server and again, against `fullapi make --dry-run` of the same
 *   file, which pays Node's start too. Wall clock: a server's start ends with an answer, not an exit.
 * - `api` (bench/api-latency.ts), only when named (`npm run bench -- api`), since it takes about six minutes:
 *   the generated API of a million orders served on SQLite, PostgreSQL and MariaDB, the p50 and p95 of each
 *   endpoint against 30 ms, and the SQL queries per request.
 *
 * Every figure of a child process is its processor time, user + system, from the kernel's accounting of that
 * process (bench/usage-on-exit.ts), so that other work on the machine moves it less than the wall clock;
 * fullapi's runs and the floors' alternate, so that what moves it moves both alike. Figures only: nothing
 * here asserts on time. The load average is printed with them.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkModel } from '../src/passes/check.js';
import { EVERY_FRONT_END } from '../src/pipeline/input/every-front-end.js';
import { inputForFile } from '../src/pipeline/input/input.js';
import { loadFile } from '../src/pipeline/input/source.js';
import { findPackageRoot } from '../src/project/fs/package-root.js';
import { nodeFs } from '../src/project/fs/project-fs.js';
import { apiOptions, benchApi } from './api-latency.js';
import { writePack, writePathList, writtenFiles } from './file-pack.js';
import { load, median, ms, percentile, table } from './figures.js';
import { sampleProject, type SampleInput } from './sample-project.js';
import { timedChild, type ChildCost } from './timed-child.js';
import { mcpRound, type McpRound } from './mcp-latency.js';
import { measureLsp } from './lsp-latency.js';
import { measureWatch } from './watch-latency.js';

/** Entity counts, with the times each is run: more for the quick ones, whose figures noise moves most. */
const GENERATIONS: readonly { entities: number; repetitions: number }[] = [
  { entities: 1, repetitions: 7 },
  { entities: 20, repetitions: 5 },
  { entities: 100, repetitions: 3 },
  { entities: 200, repetitions: 3 },
  { entities: 1000, repetitions: 2 },
];
const FLOOR_RATIO_TARGET = 1.5;
/** A make of one entity against `node -e 0`: the fixed cost of a run (issue 33). */
const FIXED_COST_RATIO_TARGET = 2;
/** What one more entity costs fullapi against what it costs the floor, from the smallest sample to the largest. */
const PER_ENTITY_RATIO_TARGET = 1.5;
const PEAK_RSS_TARGET_BYTES = 300 * 1024 * 1024;
const WATCH_ENTITIES = 50;
const WATCH_LATENCY_TARGET_MS = 50;
const PARSE_REPETITIONS = 20;
const START_UP_REPETITIONS = 15;
const START_UP_RATIO_TARGET = 2;
const VALIDATE_RATIO_TARGET = 3;
const LSP_ENTITIES = 50;
const LSP_LATENCY_TARGET_MS = 50;
/** As long as the server waits before it plans a make of the text (src/lsp/server.ts): each change comes just after that plan starts. */
const LSP_PLANNING_PAUSE_MS = 300;
const MCP_REPETITIONS = 7;
const MCP_START_RATIO_TARGET = 2;

const compiled = import.meta.url.endsWith('.js');
const extension = compiled ? 'js' : 'ts';
/** Found by walking up, since the compiled bench may sit in any output folder. */
const repository = findPackageRoot(nodeFs, dirname(fileURLToPath(import.meta.url)));
/** The bundle users run, when compiled. */
const binary = fileURLToPath(new URL(compiled ? '../cli/fullapi.mjs' : '../src/cli/bin.ts', import.meta.url));
const floorWrite = fileURLToPath(new URL(`./floor-write.${extension}`, import.meta.url));
const floorRead = fileURLToPath(new URL(`./floor-read.${extension}`, import.meta.url));
const loader = compiled ? [] : ['--import', import.meta.resolve('tsx')];

interface Row {
  figure: string;
  fullapi: string;
  reference: string;
  ratio?: number;
  target: string;
}

/** The parts of the bench; `npm run bench -- startup watch` runs only those named. */
const SECTIONS = ['startup', 'generation', 'watch', 'lsp', 'mcp', 'api'] as const;
type Section = (typeof SECTIONS)[number];
/** Too long for every run of `npm run bench`: run when named. */
const NAMED_ONLY: readonly Section[] = ['api'];

async function main(): Promise<void> {
  const sections = chosenSections(process.argv.slice(2));
  console.log(`fullapi bench: Node ${process.version}, ${compiled ? 'compiled' : 'tsx'}, ${availableParallelism()} cores, ${load()}\n`);
  const rows: Row[] = [];
  if (sections.has('startup')) rows.push(...benchStartUp());
  const generations: Generation[] = [];
  if (sections.has('generation')) {
    for (const { entities, repetitions } of GENERATIONS) {
      const measured = benchGeneration(entities, repetitions);
      rows.push(...measured.rows);
      generations.push(measured.generation);
    }
    rows.unshift(...generationSummary(generations));
  }
  if (sections.has('watch')) {
    for (const input of [sampleProject(WATCH_ENTITIES).apiSchemaYaml, sampleProject(WATCH_ENTITIES).erDiagram]) {
      rows.push(...(await benchWatch(input)));
    }
  }
  if (sections.has('lsp')) {
    for (const input of [sampleProject(LSP_ENTITIES).apiSchemaYaml, sampleProject(LSP_ENTITIES).erDiagram]) rows.push(...(await benchLsp(input, false)));
    rows.push(...(await benchLsp(sampleProject(LSP_ENTITIES).apiSchemaYaml, true)));
  }
  if (sections.has('mcp')) rows.push(...(await benchMcp()));
  const apiReport = sections.has('api') ? await benchApi(packageRoot(), apiOptions(process.env)) : undefined;
  if (rows.length > 0) {
    console.log(`\n${rowTable(rows)}\n`);
    if (generations.length > 1) {
      console.log(`processor time per entity added, fullapi: ${marginalCosts(generations, (generation) => generation.makeCpu)}`);
      console.log(`processor time per entity added, floor: ${marginalCosts(generations, (generation) => generation.floorCpu)}`);
    }
    console.log(`ratios: fullapi over its floor or target; the targets are ${FLOOR_RATIO_TARGET}x the floor, and the reference itself for a target.`);
  }
  if (apiReport !== undefined) console.log(`\n${apiReport}\n`);
  console.log(`${load()}; peak RSS of this process ${megabytes(process.resourceUsage().maxRSS * 1024)}`);
}

function chosenSections(argv: readonly string[]): ReadonlySet<Section> {
  const unknown = argv.filter((argument) => !(SECTIONS as readonly string[]).includes(argument));
  if (unknown.length > 0) throw new Error(`unknown bench section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
  return new Set(argv.length === 0 ? SECTIONS.filter((section) => !NAMED_ONLY.includes(section)) : (argv as Section[]));
}

/**
 * Start-up: `--version`, `--help` and `validate` of a one-entity schema file, against `node -e 0`, the cost of
 * starting Node at all. Interleaved, one of each per round.
 */
function benchStartUp(): Row[] {
  const folder = mkdtempSync(join(tmpdir(), 'fullapi-bench-start-'));
  try {
    const input = sampleProject(1).apiSchemaYaml;
    writeFileSync(join(folder, input.fileName), input.text());
    const loadOnly = loadOnlyScript(folder);
    const commands = {
      node: ['-e', '0'],
      version: [binary, '--version'],
      help: [binary, '--help'],
      validate: [binary, 'validate', input.fileName],
      ...(loadOnly === undefined ? {} : { loadMake: [loadOnly] }),
    };
    const costs = new Map<keyof typeof commands, number[]>(Object.keys(commands).map((name) => [name as keyof typeof commands, []]));
    for (let round = 0; round < START_UP_REPETITIONS; round++) {
      for (const [name, args] of Object.entries(commands) as [keyof typeof commands, string[]][]) {
        costs.get(name)?.push(timedChild(args, folder, name === 'node' ? [] : loader).cpuMilliseconds);
      }
    }
    const node = median(costs.get('node') ?? []);
    const row = (figure: string, name: keyof typeof commands, target: number): Row => {
      const cpu = median(costs.get(name) ?? []);
      return { figure, fullapi: ms(cpu), reference: `${ms(node)} node -e 0`, ratio: cpu / node, target: `${target}x` };
    };
    const rows = [
      row('start-up, fullapi --version', 'version', START_UP_RATIO_TARGET),
      row('start-up, fullapi --help', 'help', START_UP_RATIO_TARGET),
      row('start-up, validate of 1 entity', 'validate', VALIDATE_RATIO_TARGET),
    ];
    if (loadOnly !== undefined) rows.push({ ...row('start-up, loading the code make of 1 entity runs', 'loadMake', 0), target: '' });
    console.log(`start-up: ${rows.map((entry) => `${entry.figure.replace('start-up, ', '')} ${entry.fullapi}`).join(', ')}; node -e 0 ${ms(node)}; ${load()}`);
    return rows;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The medians of one sample size: what the summary rows are computed from. */
interface Generation {
  entities: number;
  makeCpu: number;
  floorCpu: number;
  nodeCpu: number;
  files: number;
  bytes: number;
}

/**
 * `node -e 0`, then `make` of the sample in a fresh copy, then the floor writing what it wrote in another;
 * `make` again, then the floor reading and hashing those files. Medians over the repetitions.
 */
function benchGeneration(entities: number, repetitions: number): { rows: Row[]; generation: Generation } {
  const input = sampleProject(entities).apiSchemaYaml;
  const costs = { node: [] as ChildCost[], first: [] as ChildCost[], floorWrite: [] as ChildCost[], atomicFloor: [] as ChildCost[], again: [] as ChildCost[], floorRead: [] as ChildCost[] };
  const scratch = mkdtempSync(join(tmpdir(), 'fullapi-bench-floor-'));
  const pack = join(scratch, 'written.pack');
  const paths = join(scratch, 'written.paths');
  let fileCount = 0;
  let byteCount = 0;
  try {
    for (let repetition = 0; repetition < repetitions; repetition++) {
      const project = projectWith(input);
      const floorProject = projectWith(undefined);
      const atomicProject = projectWith(undefined);
      try {
        costs.node.push(timedChild(['-e', '0'], project));
        costs.first.push(timedChild([binary, 'make'], project, loader));
        // Each run names its new migrations after its own clock.
        const written = writtenFiles(example(), project);
        written.delete(input.fileName);
        writePack(pack, written);
        writePathList(paths, written);
        fileCount = written.size;
        byteCount = [...written.values()].reduce((sum, content) => sum + content.length, 0);
        costs.floorWrite.push(timedChild([floorWrite, pack, floorProject], floorProject));
        costs.atomicFloor.push(timedChild([floorWrite, pack, atomicProject, '--atomic'], atomicProject));
        costs.again.push(timedChild([binary, 'make'], project, loader));
        costs.floorRead.push(timedChild([floorRead, paths, project], project));
      } finally {
        rmSync(project, { recursive: true, force: true });
        rmSync(floorProject, { recursive: true, force: true });
        rmSync(atomicProject, { recursive: true, force: true });
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const cpu = (runs: readonly ChildCost[]) => median(runs.map((run) => run.cpuMilliseconds));
  const wall = (runs: readonly ChildCost[]) => median(runs.map((run) => run.wallMilliseconds));
  const count = `${entities.toLocaleString('en')} ${entities === 1 ? 'entity' : 'entities'}`;
  console.log(`${count}: ${fileCount} files; make ${ms(cpu(costs.first))} (wall ${ms(wall(costs.first))}), floor ${ms(cpu(costs.floorWrite))} (wall ${ms(wall(costs.floorWrite))}), atomic floor ${ms(cpu(costs.atomicFloor))}; again ${ms(cpu(costs.again))} (wall ${ms(wall(costs.again))}), floor ${ms(cpu(costs.floorRead))}; ${load()}`);
  const rows: Row[] = [
    { figure: `generation, ${count}`, fullapi: ms(cpu(costs.first)), reference: `${ms(cpu(costs.floorWrite))} floor`, ratio: cpu(costs.first) / cpu(costs.floorWrite), target: `${FLOOR_RATIO_TARGET}x` },
    { figure: `  the same, against atomic writes`, fullapi: ms(cpu(costs.first)), reference: `${ms(cpu(costs.atomicFloor))} atomic floor`, ratio: cpu(costs.first) / cpu(costs.atomicFloor), target: '' },
    { figure: `  atomic writes over plain ones`, fullapi: ms(cpu(costs.atomicFloor)), reference: `${ms(cpu(costs.floorWrite))} floor`, ratio: cpu(costs.atomicFloor) / cpu(costs.floorWrite), target: '' },
    { figure: `second run, ${count}`, fullapi: ms(cpu(costs.again)), reference: `${ms(cpu(costs.floorRead))} floor`, ratio: cpu(costs.again) / cpu(costs.floorRead), target: `${FLOOR_RATIO_TARGET}x` },
  ];
  if (entities === Math.max(...GENERATIONS.map((generation) => generation.entities))) {
    const peak = Math.max(...[...costs.first, ...costs.again].map((run) => run.maxRssBytes));
    rows.push({ figure: `peak RSS, ${count}`, fullapi: megabytes(peak), reference: `${megabytes(PEAK_RSS_TARGET_BYTES)} target`, ratio: peak / PEAK_RSS_TARGET_BYTES, target: '1x' });
  }
  return { rows, generation: { entities, makeCpu: cpu(costs.first), floorCpu: cpu(costs.floorWrite), nodeCpu: cpu(costs.node), files: fileCount, bytes: byteCount } };
}

/**
 * The two figures issue 33 sets targets for, from the samples' medians: the fixed cost, a make of the smallest
 * sample against `node -e 0` run beside it; and the cost per entity, the slope of a least-squares line through
 * the samples' processor times, fullapi's against the floor's (the floor writes the same files, so the files and
 * bytes per entity are the same for both, and printed with them).
 */
function generationSummary(generations: readonly Generation[]): Row[] {
  const [smallest] = generations;
  if (smallest === undefined) return [];
  const rows: Row[] = [
    {
      figure: `fixed cost, make of ${smallest.entities === 1 ? '1 entity' : `${smallest.entities} entities`}`,
      fullapi: ms(smallest.makeCpu),
      reference: `${ms(smallest.nodeCpu)} node -e 0`,
      ratio: smallest.makeCpu / smallest.nodeCpu,
      target: `${FIXED_COST_RATIO_TARGET}x`,
    },
  ];
  if (generations.length < 2) return rows;
  const largest = generations[generations.length - 1] ?? smallest;
  const span = `${smallest.entities.toLocaleString('en')} to ${largest.entities.toLocaleString('en')} entities`;
  const fullapiSlope = slope(generations.map((generation) => [generation.entities, generation.makeCpu]));
  const floorSlope = slope(generations.map((generation) => [generation.entities, generation.floorCpu]));
  const entitiesAdded = largest.entities - smallest.entities;
  rows.push(
    { figure: `cost per entity, ${span}`, fullapi: ms(fullapiSlope), reference: `${ms(floorSlope)} floor`, ratio: fullapiSlope / floorSlope, target: `${PER_ENTITY_RATIO_TARGET}x` },
    {
      figure: '  files and bytes written per entity',
      fullapi: `${((largest.files - smallest.files) / entitiesAdded).toFixed(1)} files`,
      reference: `${((largest.bytes - smallest.bytes) / entitiesAdded / 1024).toFixed(1)} KB`,
      target: '',
    },
  );
  return rows;
}

/** The least-squares slope of y over x. */
function slope(points: readonly (readonly [number, number])[]): number {
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const covariance = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const variance = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return covariance / variance;
}

/** The watch on the sample, after a `make` has generated it, as a user starts watching a project. */
async function benchWatch(input: SampleInput): Promise<Row[]> {
  const project = projectWith(input);
  try {
    const parse = parseAndCompile(input, project);
    timedChild([binary, 'make', ...(input.fileName.endsWith('.mmd') ? ['--mermaid', input.fileName] : [])], project, loader);
    console.log(`watch, ${WATCH_ENTITIES} entities, ${input.fileName}:`);
    const figures = await measureWatch(sampleProject(WATCH_ENTITIES), input, project, [...loader, binary]);
    const latency = median(figures.latencies);
    const cpu = figures.cpuPerEdit === undefined ? 'unknown (no /proc)' : ms(figures.cpuPerEdit);
    console.log(`  median ${ms(latency)}, p95 ${ms(percentile(figures.latencies, 95))}; processor time per edit ${cpu}; peak RSS ${figures.peakRss}; parse + compile ${ms(parse)}`);
    return [
      { figure: `watch, ${WATCH_ENTITIES} entities, ${input.fileName}: edit to disk`, fullapi: ms(latency), reference: `${ms(WATCH_LATENCY_TARGET_MS)} target`, ratio: latency / WATCH_LATENCY_TARGET_MS, target: '1x' },
      { figure: `  processor time of the watch per edit`, fullapi: cpu, reference: '', target: '' },
      { figure: `  parse + compile, in process (median of ${PARSE_REPETITIONS})`, fullapi: ms(parse), reference: '', target: '' },
    ];
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * `fullapi lsp` with the sample open, changed as typing changes it: change to diagnostics. Then, for the schema
 * file, in the example Laravel project with pauses past the one after which the server plans a make of the text:
 * each change comes while that plan runs, and must not wait for it.
 */
async function benchLsp(input: SampleInput, inProject: boolean): Promise<Row[]> {
  const folder = inProject ? projectWith(undefined) : mkdtempSync(join(tmpdir(), 'fullapi-bench-lsp-'));
  const where = inProject ? `${input.fileName} in a Laravel project, pausing ${LSP_PLANNING_PAUSE_MS} ms` : input.fileName;
  try {
    const figures = await measureLsp(sampleProject(LSP_ENTITIES), input, folder, [...loader, binary], inProject ? LSP_PLANNING_PAUSE_MS : undefined);
    const latency = median(figures.latencies);
    console.log(`lsp, ${LSP_ENTITIES} entities, ${where}: change to diagnostics median ${ms(latency)}, p95 ${ms(percentile(figures.latencies, 95))}; spawn to the first diagnostics ${ms(figures.firstDiagnostics)}`);
    return [{ figure: `lsp, ${LSP_ENTITIES} entities, ${where}: change to diagnostics (wall)`, fullapi: ms(latency), reference: `${ms(LSP_LATENCY_TARGET_MS)} target`, ratio: latency / LSP_LATENCY_TARGET_MS, target: '1x' }];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** `fullapi mcp` on a fresh copy of the example each round: cold start and a make preview of one entity. */
async function benchMcp(): Promise<Row[]> {
  const input = sampleProject(1).apiSchemaYaml;
  const rounds: McpRound[] = [];
  for (let round = 0; round < MCP_REPETITIONS; round++) {
    const project = projectWith(input);
    try {
      rounds.push(await mcpRound([...loader, binary], project, input.fileName, input.text()));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  }
  const figure = (key: keyof McpRound) => median(rounds.map((round) => round[key]));
  console.log(
    `mcp: cold start ${ms(figure('coldStart'))} (fullapi --version ${ms(figure('cliVersion'))}); make preview of 1 entity ${ms(figure('firstPreview'))} first, ${ms(figure('warmPreview'))} again (make --dry-run ${ms(figure('cliDryRun'))}); ${load()}`,
  );
  return [
    { figure: 'mcp, cold start to initialize (wall)', fullapi: ms(figure('coldStart')), reference: `${ms(figure('cliVersion'))} fullapi --version`, ratio: figure('coldStart') / figure('cliVersion'), target: `${MCP_START_RATIO_TARGET}x` },
    { figure: 'mcp, make preview of 1 entity, first (wall)', fullapi: ms(figure('firstPreview')), reference: `${ms(figure('cliDryRun'))} make --dry-run`, ratio: figure('firstPreview') / figure('cliDryRun'), target: '1x' },
    { figure: '  the same, on a warm server', fullapi: ms(figure('warmPreview')), reference: `${ms(figure('cliDryRun'))} make --dry-run`, ratio: figure('warmPreview') / figure('cliDryRun'), target: '1x' },
  ];
}

/** Front end and passes, no emit, in this process: the median of a few runs. */
function parseAndCompile(input: SampleInput, project: string): number {
  const times: number[] = [];
  const request = { input: inputForFile(input.fileName), cwd: project, projectRoot: project, readStdin: () => '' };
  for (let repetition = 0; repetition < PARSE_REPETITIONS; repetition++) {
    const started = performance.now();
    const source = loadFile(request.input, EVERY_FRONT_END, request);
    const checked = source.model === undefined ? undefined : checkModel(source.model);
    times.push(performance.now() - started);
    if (checked?.model === undefined) throw new Error(`${input.fileName} does not compile: ${JSON.stringify(source.diagnostics.slice(0, 3))}`);
  }
  return median(times);
}

/**
 * A script that imports every chunk of the bundle (but its entry, which would run a command) that `make` of
 * one entity loads, and does nothing else: what loading that code costs before any of it runs. Only for the
 * bundle, which is what users run.
 */
function loadOnlyScript(folder: string): string | undefined {
  if (!compiled || repository === undefined) return undefined;
  const project = projectWith(sampleProject(1).apiSchemaYaml);
  const record = join(folder, 'loaded-modules.txt');
  try {
    const run = spawnSync(process.execPath, ['--import', join(repository, 'bench', 'record-module-loads.mjs'), binary, 'make'], {
      cwd: project,
      env: { ...process.env, FULLAPI_LOADED_MODULES: record },
      stdio: 'ignore',
    });
    if (run.status !== 0) throw new Error(`make of 1 entity exited with ${run.status ?? run.signal} while its modules were recorded`);
    const bundle = dirname(binary);
    const chunks = new Set(readFileSync(record, 'utf8').split('\n').filter((url) => url.startsWith('file:') && dirname(fileURLToPath(url)) === bundle && fileURLToPath(url) !== binary));
    const script = join(folder, 'load-make.mjs');
    writeFileSync(script, [...chunks].map((url) => `await import(${JSON.stringify(url)});\n`).join(''));
    return script;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

function packageRoot(): string {
  if (repository === undefined) throw new Error("fullapi's package.json is not above the bench");
  return repository;
}

function example(): string {
  return join(packageRoot(), 'examples', 'laravel-12');
}

/** A fresh copy of examples/laravel-12, with the sample's input file when there is one. */
function projectWith(input: SampleInput | undefined): string {
  const project = mkdtempSync(join(tmpdir(), 'fullapi-bench-'));
  cpSync(example(), project, { recursive: true });
  if (input !== undefined) writeFileSync(join(project, input.fileName), input.text());
  return project;
}

/** What each entity added costs, between consecutive sample sizes: flat when generation is linear. */
function marginalCosts(generations: readonly Generation[], cpuOf: (generation: Generation) => number): string {
  return generations
    .slice(1)
    .map((generation, index) => {
      const before = generations[index];
      return before === undefined ? '' : `${before.entities} to ${generation.entities}: ${ms((cpuOf(generation) - cpuOf(before)) / (generation.entities - before.entities))}`;
    })
    .join(', ');
}

function rowTable(rows: readonly Row[]): string {
  return table(
    ['figure', 'fullapi', 'floor or reference', 'ratio', 'target'],
    rows.map((row) => [row.figure, row.fullapi, row.reference, row.ratio === undefined ? '' : `${row.ratio.toFixed(2)}x`, row.target]),
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

await main();
