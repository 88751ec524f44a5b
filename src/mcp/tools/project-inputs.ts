import { z } from 'zod';
import { toolOptions } from '../option-schema.js';

/** The inputs of the tools on what the project holds. */

export const deleteInput = {
  entities: z.array(z.string()).min(1).describe('The entities to delete, e.g. ["Comment"]; an entity another one still refers to must be deleted with it'),
  ...toolOptions('delete'),
  apply: z.boolean().optional().describe('Delete the files; without it, nothing is written and the plan is returned'),
};

export const introspectInput = toolOptions('introspect');
