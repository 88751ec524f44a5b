import type { Span } from '../ir/ir.generated.js';

/**
 * The closed set of codes users and tools may script against. Adding a code is a public change:
 * document it in the README's error table.
 */
export type DiagnosticCode =
  // --fields and entity names
  | 'empty_fields'
  | 'empty_field_name'
  | 'missing_field_type'
  | 'unknown_field_type'
  | 'bad_enum_values'
  | 'invalid_column_size'
  | 'invalid_bounds'
  | 'unknown_field_modifier'
  | 'invalid_identifier'
  | 'duplicate_field'
  | 'reserved_field'
  | 'reserved_word'
  | 'invalid_entity_name'
  | 'invalid_table_name'
  | 'multiple_primary_keys'
  | 'invalid_primary_key_type'
  | 'no_fields'
  | 'entity_not_generated'
  | 'field_exists'
  | 'added_column_nullable'
  | 'field_not_queryable'
  // a migrated table changed (src/passes/project/table-changes.ts)
  | 'data_loss'
  | 'primary_key_changed'
  | 'field_still_in_table'
  // schema files
  | 'unreadable_schema_file'
  | 'invalid_syntax'
  | 'invalid_schema'
  | 'unknown_key'
  | 'invalid_default'
  | 'invalid_rename'
  | 'unknown_relation_kind'
  | 'missing_relation_target'
  | 'morph_to_with_target'
  | 'unknown_entity'
  | 'self_pivot_without_name'
  | 'duplicate_entity'
  | 'option_not_supported'
  // diagrams
  | 'foreign_key_without_relation'
  | 'unsupported_relation'
  // relations
  | 'invalid_relation'
  | 'duplicate_relation'
  | 'ambiguous_relation'
  | 'relation_cycle'
  | 'invalid_owner'
  // indexes (src/passes/indexes.ts)
  | 'invalid_index'
  // fullapi delete
  | 'no_class_data'
  | 'entity_referenced'
  // fullapi openapi --check
  | 'openapi_out_of_date'
  // command line
  | 'unknown_artifact'
  | 'invalid_option'
  | 'not_a_laravel_project'
  | 'unsupported_framework'
  | 'package_missing'
  // project files
  | 'unreadable_project_file'
  | 'unparsable_php'
  | 'unexpected_php_shape'
  | 'invalid_manifest'
  | 'invalid_class_data'
  | 'invalid_client_collection'
  | 'invalid_config'
  | 'invalid_stub'
  | 'missing_placeholder'
  | 'unknown_placeholder'
  | 'renamed_placeholder'
  | 'stub_not_read'
  | 'write_failed'
  | 'path_outside_project'
  | 'framework_file'
  | 'auth_file_clash'
  | 'unsupported_existing_model'
  | 'user_model_missing'
  | 'internal_error'
  // input too large or too deep to read safely
  | 'too_deep'
  | 'too_many_errors'
  | 'too_large'
  // warnings
  | 'modified_file_kept'
  | 'merge_conflict'
  | 'kept_file_out_of_date'
  | 'field_removed'
  | 'field_type_changed'
  | 'field_constraint_changed'
  | 'relation_removed'
  | 'relation_changed'
  | 'soft_deletes_removed'
  | 'column_made_required'
  | 'database_migrations_unknown'
  | 'fresh_not_applied'
  | 'rename_not_migrated'
  | 'migration_order'
  | 'leftover_removed'
  | 'legacy_request'
  | 'legacy_enum'
  | 'php_generator_stubs'
  | 'framework_version_assumed'
  | 'diagram_element_ignored'
  | 'morph_alias_taken'
  | 'not_expressible_in_diagram'
  | 'project_model_skipped'
  | 'existing_column_differs'
  | 'stale_route'
  | 'table_left_in_database'
  | 'morph_owner_deleted'
  | 'json_api_unavailable'
  | 'json_api_reserved_field'
  | 'tokens_table_missing'
  | 'route_outside_auth_group'
  | 'route_inside_auth_group'
  | 'guest_response_kept'
  // --from-database and introspect
  | 'database_table_skipped'
  | 'database_morph_not_null'
  | 'database_column_skipped'
  | 'database_unknown_table'
  | 'database_unreachable'
  | 'database_url_invalid';

export type Severity = 'error' | 'warning';

/** Every problem found anywhere in the pipeline, as a value: collected, sorted, reported together. */
export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  span?: Span;
  /** Project-relative path of the file a warning is about. */
  path?: string;
  hint?: string;
}

export function error(code: DiagnosticCode, message: string, span?: Span, hint?: string): Diagnostic {
  return withOptional({ severity: 'error', code, message }, span, hint);
}

export function warning(code: DiagnosticCode, message: string, path?: string): Diagnostic {
  return path === undefined ? { severity: 'warning', code, message } : { severity: 'warning', code, message, path };
}

/** A warning about the user's input rather than a project file: it points at the text, like an error. */
export function warningAt(code: DiagnosticCode, message: string, span: Span, hint?: string): Diagnostic {
  return withOptional({ severity: 'warning', code, message }, span, hint);
}

function withOptional(base: Diagnostic, span: Span | undefined, hint: string | undefined): Diagnostic {
  const result: Diagnostic = { ...base };
  if (span !== undefined) result.span = span;
  if (hint !== undefined) result.hint = hint;
  return result;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/** Errors first, then by file, flag, line and column: the order a reader fixes them in. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const key = (d: Diagnostic): [number, string, number, number] => [
    d.severity === 'error' ? 0 : 1,
    d.span?.file ?? d.span?.flag ?? d.path ?? '',
    d.span?.line ?? 0,
    d.span?.column ?? 0,
  ];
  return [...diagnostics].sort((a, b) => {
    const [as, af, al, ac] = key(a);
    const [bs, bf, bl, bc] = key(b);
    return as - bs || af.localeCompare(bf) || al - bl || ac - bc;
  });
}
