import { createHash } from 'node:crypto';

/**
 * PostgreSQL cuts identifiers at 63 bytes (and two cut names may then clash); MySQL and MariaDB refuse
 * names over 64 characters. Laravel names an index `<table>_<columns>_<type>` however long that gets, so a
 * long entity or field name would break a migration on those servers.
 */
const MAX_IDENTIFIER_LENGTH = 63;
const HASH_LENGTH = 8;

/**
 * The name to give an index or constraint explicitly, or undefined when Laravel's own name fits: then the
 * migration reads as `make:migration` writes it. A name too long is cut and ends with a hash of the whole
 * name, so that two long names that begin alike stay apart.
 */
export function explicitIndexName(table: string, columns: readonly string[], type: 'unique' | 'foreign' | 'index'): string | undefined {
  // What Blueprint::createIndexName() gives; the names reaching here are validated as snake_case already.
  const laravelName = `${table}_${columns.join('_')}_${type}`.toLowerCase().replace(/[-.]/g, '_');
  if (Buffer.byteLength(laravelName, 'utf8') <= MAX_IDENTIFIER_LENGTH) return undefined;
  const hash = createHash('sha256').update(laravelName).digest('hex').slice(0, HASH_LENGTH);
  return `${laravelName.slice(0, MAX_IDENTIFIER_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
