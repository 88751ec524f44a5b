import type { Entity, ExistingModel } from '../../../ir/ir.generated.js';
import type { FilePatch } from '../../../plan/file-plan.js';
import type { EmitContext } from '../../context.js';
import type { EmitResult, StubRendering } from '../../emit-result.js';
import type { PhpParses } from '../../../php/php-source.js';
import { emitAddColumnsMigration } from './add-columns-migration.js';
import { integrateFactory } from '../edits/factory-edit.js';
import { integrateModel } from '../edits/model-edit.js';

/**
 * The artifacts of an entity whose model the project already has (src/passes/project/existing-models.ts), in place of
 * the generated ones: an edit of the model, an edit of the project's factory (when it has one), and the
 * migration adding the columns its table lacks (when the project creates the table). Every other artifact
 * (controller, requests, tests, ...) is generated as for any entity.
 */
export interface IntegratedArtifacts {
  model: FilePatch;
  factory?: FilePatch;
  /** `ctx` carries the migration's timestamp. */
  migration?: (ctx: EmitContext) => EmitResult;
}

export function integratedArtifacts(entity: Entity, existing: ExistingModel, php: PhpParses, rendering: StubRendering): IntegratedArtifacts {
  const { className } = entity.naming;
  const { factory, createdBy } = existing;
  return {
    model: {
      kind: 'patch',
      path: existing.model,
      artifact: 'Model',
      describe: `add what ${className} needs to the project's own model`,
      apply: (text) => integrateModel(text, entity, existing.model, rendering, php),
    },
    ...(factory === undefined
      ? {}
      : {
          factory: {
            kind: 'patch',
            path: factory,
            artifact: 'Factory',
            describe: `fill ${className}'s new columns in the project's own factory`,
            apply: (text) => integrateFactory(text, entity, factory, php),
          },
        }),
    ...(createdBy === undefined ? {} : { migration: (ctx: EmitContext) => emitAddColumnsMigration(entity, existing, ctx) }),
  };
}

