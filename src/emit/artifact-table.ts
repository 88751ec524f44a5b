import { error, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { ArtifactName } from '../plan/file-plan.js';

/**
 * What fullapi writes, one row per kind of file: the `--only` name that rewrites it (the spec's twelve, plus none
 * for a file no `--only` name selects), the stubs its emitter renders, and what it is. `--only`, the stub list
 * (`publish stubs`, `validate-stubs`, `--help`) and the docs derive from this table; the emitters and the paths
 * are attached to each row in artifacts.ts, which must cover every row. Rows are in the order files are reported:
 * data layer, HTTP layer, tests; then the files a run writes once for all its entities.
 */
export const ARTIFACT_TABLE = {
  model: {
    artifact: 'Model',
    stubs: ['model', 'model.docblock', 'model.class-attributes', 'model.members', 'model.fillable', 'model.hidden', 'model.casts', 'model.relations'],
    scope: 'entity',
    describe: 'the Eloquent model, app/Models/<Entity>.php',
  },
  enums: { artifact: 'Model', stubs: ['enum', 'enum.cases'], scope: 'entity', describe: 'a backed enum per enum field, app/Enums/<Entity><Field>.php' },
  migration: {
    artifact: 'Migration',
    stubs: ['migrations', 'migrations.update', 'migrations.add-columns', 'migrations.blueprint'],
    scope: 'entity',
    describe: "the table's create migration, or a migration of its changes, or of the columns an existing table lacks",
  },
  factory: { artifact: 'Factory', stubs: ['factory'], scope: 'entity', describe: 'database/factories/<Entity>Factory.php' },
  seeder: { artifact: 'Seeder', stubs: ['seeder', 'seeder.attachments'], scope: 'entity', describe: 'database/seeders/<Entity>Seeder.php' },
  controller: { artifact: 'Controller', stubs: ['controller', 'controller.soft-delete-actions'], scope: 'entity', describe: 'app/Http/Controllers/<Entity>Controller.php' },
  service: { artifact: 'Service', stubs: ['service', 'service.soft-delete-methods', 'service.synced-relations'], scope: 'entity', describe: 'app/Services/<Entity>Service.php: pagination, filters, sorts, writes' },
  dto: { artifact: 'DTO', stubs: ['dto', 'dto.param-tags', 'dto.properties'], scope: 'entity', describe: 'the data transfer object the requests fill, app/DTO/<Entity>DTO.php' },
  requests: { artifact: 'Request', stubs: ['request.store', 'request.update', 'request.prepare-for-validation'], scope: 'entity', describe: 'the store and update form requests, app/Http/Requests/' },
  resource: { artifact: 'Resource', stubs: ['resource', 'resource.json-api'], scope: 'entity', describe: 'the API resource, app/Http/Resources/<Entity>Resource.php (JSON:API with --json-api)' },
  policy: { artifact: 'Policy', stubs: ['policy'], scope: 'entity', describe: 'app/Policies/<Entity>Policy.php' },
  featureTest: {
    artifact: 'FeatureTest',
    stubs: [
      'test.feature',
      'test.feature.pest',
      'test.feature.sort-assertion',
      'test.feature.soft-deletes',
      'test.feature.pest.soft-deletes',
      'test.feature.secrets',
      'test.feature.pest.secrets',
      'test.assertions',
      'test.assertions.pest',
    ],
    scope: 'entity',
    describe: 'the HTTP tests of every route, tests/Feature/<Entity>ControllerTest.php',
  },
  unitTest: {
    artifact: 'UnitTest',
    stubs: ['test.unit', 'test.unit.pest', 'test.unit.soft-deletes', 'test.unit.pest.soft-deletes', 'test.assertions', 'test.assertions.pest'],
    scope: 'entity',
    describe: "the service's tests, tests/Unit/<Entity>ServiceTest.php",
  },
  pivotMigrations: { artifact: 'Migration', stubs: ['migrations', 'migrations.blueprint'], scope: 'run', describe: 'the create migration of each many-to-many pivot table' },
  droppedPivots: { artifact: 'Migration', stubs: ['migrations.drop', 'migrations.blueprint'], scope: 'run', describe: 'the migration dropping a pivot table the input no longer has' },
  auth: {
    artifact: 'Controller',
    stubs: ['controller.auth', 'request.login', 'request.register', 'test.auth', 'test.auth.pest'],
    scope: 'run',
    describe: 'with --auth: AuthController, its login and register requests, AuthTest',
  },
  config: { artifact: null, stubs: ['config'], scope: 'run', describe: 'config/api-generator.php, the page sizes: written by publish config, not by make' },
} as const satisfies Record<string, ArtifactRow>;

interface ArtifactRow {
  /** The `--only` name that rewrites these files; the auth files' requests and tests go with its controller. */
  artifact: ArtifactName | null;
  stubs: readonly string[];
  /** Per entity, or once per run. */
  scope: 'entity' | 'run';
  describe: string;
}

export type ArtifactKind = keyof typeof ARTIFACT_TABLE;
export type EntityArtifactKind = { [Kind in ArtifactKind]: (typeof ARTIFACT_TABLE)[Kind]['scope'] extends 'entity' ? Kind : never }[ArtifactKind];

/** The per-entity rows, in the table's order. */
export const ENTITY_ARTIFACT_KINDS = (Object.keys(ARTIFACT_TABLE) as ArtifactKind[]).filter(
  (kind): kind is EntityArtifactKind => ARTIFACT_TABLE[kind].scope === 'entity',
);

export type StubName = (typeof ARTIFACT_TABLE)[ArtifactKind]['stubs'][number];

/** Every stub fullapi renders, in the table's order; the file on disk is `<name>.stub`. The names are the spec's. */
export const STUB_NAMES: readonly StubName[] = [...new Set(Object.values(ARTIFACT_TABLE).flatMap((row): readonly StubName[] => row.stubs))];

/** Each stub's text by name, every stub the emitters render among them. */
export type EmitterStubs = Readonly<Record<StubName, string>>;

/**
 * The stubs as read (fullapi's own `stubs/` folder, with the project's published copies) for the emitters: a
 * stub the emitters render that is not there is a broken install, said as such rather than met mid-plan.
 */
export function emitterStubs(read: Readonly<Record<string, string>>): { stubs?: EmitterStubs; diagnostics: Diagnostic[] } {
  const stubs: Partial<Record<StubName, string>> = {};
  const missing: string[] = [];
  for (const name of STUB_NAMES) {
    const text = read[name];
    if (text === undefined) missing.push(`${name}.stub`);
    else stubs[name] = text;
  }
  if (missing.length > 0) return { diagnostics: [error('internal_error', `fullapi's built-in stubs ${missing.join(', ')} are missing; reinstall fullapi.`)] };
  // Every name was given a text above.
  return { stubs: stubs as EmitterStubs, diagnostics: [] };
}
