import type { CliIo } from '../io.js';

/** `fullapi schema --print`: the JSON Schema of api-schema files, for editors. */
export async function schemaCommand(flags: { print?: boolean }, io: CliIo): Promise<number> {
  if (flags.print !== true) {
    io.stderr('fullapi schema: add --print to print the JSON Schema.\n');
    return 2;
  }
  const { apiSchemaJson } = await import('../../frontends/schema/index.js');
  io.stdout(`${JSON.stringify(apiSchemaJson(), null, 2)}\n`);
  return 0;
}
