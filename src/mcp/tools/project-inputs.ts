import { z } from 'zod';

/** The inputs of the tools on what the project holds. */

export const deleteInput = {
  entities: z.array(z.string()).min(1).describe('The entities to delete, e.g. ["Comment"]; an entity another one still refers to must be deleted with it'),
  force: z.boolean().optional().describe('Delete files edited by hand too'),
  apply: z.boolean().optional().describe('Delete the files; without it, nothing is written and the plan is returned'),
};

export const introspectInput = {
  table: z.string().optional().describe('Only this table'),
  databaseUrl: z.string().optional().describe('The database to read instead of .env, e.g. pgsql://user:password@host:5432/name'),
};
