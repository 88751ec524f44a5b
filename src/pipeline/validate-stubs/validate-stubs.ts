import { error, sortDiagnostics, type Diagnostic } from '../../diagnostics/diagnostic.js';
import { emitterStubs, STUB_NAMES, type StubName } from '../../emit/artifact-table.js';
import { placeholdersOf, stubSyntaxProblem } from '../../emit/render-stub.js';
import { declaredValueNames } from '../../emit/laravel/values/stub-values/registry.js';
import { PLACEHOLDERS_3X, replacementOf3x, UNREAD_STUBS_3X } from '../../emit/laravel/values/stub-values/version-3.js';
import { PUBLISHED_STUBS_DIRS, readBuiltInStubs } from '../../project/read/stubs.js';
import { findPackageRoot } from '../../project/fs/package-root.js';
import { nodeFs, type ProjectFs } from '../../project/fs/project-fs.js';
import { readProjectText } from '../../project/fs/project-file.js';

export interface ValidateStubsOutcome {
  ok: boolean;
  /** The published stubs checked, as project paths. */
  checked: string[];
  diagnostics: Diagnostic[];
  texts: ReadonlyMap<string, string>;
}

/**
 * `fullapi validate-stubs`: each published stub against what fullapi passes it and what its built-in stub
 * uses; nothing is rendered, so no EJS code of the project runs.
 */
export function runValidateStubs(projectRoot: string, fs: ProjectFs = nodeFs): ValidateStubsOutcome {
  const packageRoot = findPackageRoot(fs);
  const builtIn = packageRoot === undefined ? undefined : readBuiltInStubs(packageRoot, fs);
  const checkedStubs = builtIn?.stubs === undefined ? undefined : emitterStubs(builtIn.stubs);
  if (checkedStubs?.stubs === undefined) {
    const missing = error('internal_error', "Cannot find fullapi's own stubs; reinstall fullapi.");
    const found = [...(builtIn?.diagnostics ?? []), ...(checkedStubs?.diagnostics ?? [])];
    return { ok: false, checked: [], diagnostics: found.length > 0 ? found : [missing], texts: new Map() };
  }
  const { stubs } = checkedStubs;
  const diagnostics: Diagnostic[] = [];
  const texts = new Map<string, string>();
  const checked: string[] = [];
  // fullapi's folder, then the PHP generator's: each stub of both is checked, as make reads either.
  for (const folder of PUBLISHED_STUBS_DIRS) {
    for (const name of STUB_NAMES) {
      const path = `${folder}/${name}.stub`;
      const published = readProjectText(projectRoot, path, fs);
      if (published.status === 'failed') diagnostics.push(published.diagnostic);
      if (published.status !== 'read') continue;
      checked.push(path);
      texts.set(path, published.text);
      diagnostics.push(...stubProblems(name, path, published.text, stubs[name], declaredValueNames(name)));
    }
    for (const [unread, replacement] of Object.entries(UNREAD_STUBS_3X)) {
      const path = `${folder}/${unread}.stub`;
      if (readProjectText(projectRoot, path, fs).status !== 'read') continue;
      checked.push(path);
      diagnostics.push(error('stub_not_read', `is not read by fullapi 4.0: ${replacement} replaces it`, { file: path }, `Move your changes to ${replacement} (fullapi publish stubs shows it), then delete ${path}.`));
    }
  }
  return { ok: diagnostics.length === 0, checked, diagnostics: sortDiagnostics(diagnostics), texts };
}

/** What is wrong with one published stub: its syntax, the names it uses, the names it lacks. */
export function stubProblems(name: StubName, path: string, text: string, builtIn: string, passed: ReadonlySet<string>): Diagnostic[] {
  const problems: Diagnostic[] = [];
  const syntax = stubSyntaxProblem(text);
  if (syntax !== undefined) {
    problems.push(error('invalid_stub', `does not compile: ${syntax.reason}`, { file: path, line: syntax.line, column: syntax.column }, `Compare it with fullapi's built-in ${name}.stub.`));
  }
  const used = placeholdersOf(text);
  for (const found of used) {
    const span = { file: path, line: found.line, column: found.column, endColumn: found.column + found.placeholder.length + 4 };
    const replacement = replacementOf3x(name, found.placeholder);
    if (replacement !== undefined && !passed.has(found.placeholder)) {
      problems.push(error('renamed_placeholder', `{{${found.placeholder}}} of 3.x is ${replacement} in 4.0`, span, `Replace {{${found.placeholder}}} with ${replacement}.`));
    } else if (!passed.has(found.placeholder)) {
      problems.push(error('unknown_placeholder', `fullapi passes no {{${found.placeholder}}} to ${name}.stub`, span, `${name}.stub receives: ${[...passed].sort().map((key) => `{{${key}}}`).join(', ')}.`));
    }
  }
  const inStub = new Set([...used.map((found) => found.placeholder), ...ejsIdentifiers(text)]);
  // A 3.x stub that places the 3.x name of a value (`{{phpdoc}}`) lacks nothing of what the 4.0 name holds.
  const placedAs3x = new Set(
    Object.entries(PLACEHOLDERS_3X[name] ?? {}).flatMap(([placeholder, { fate, in40 }]) =>
      fate === 'filled' && inStub.has(placeholder) ? [...in40.matchAll(/\{\{(\w+)\}\}/g)].map((named) => named[1] ?? '') : [],
    ),
  );
  const needed = [...new Set(placeholdersOf(builtIn).map((found) => found.placeholder))];
  for (const missing of needed.filter((placeholder) => passed.has(placeholder) && !inStub.has(placeholder) && !placedAs3x.has(placeholder))) {
    const where = placeholdersOf(builtIn).find((found) => found.placeholder === missing);
    problems.push(
      error(
        'missing_placeholder',
        `lacks {{${missing}}}, which fullapi's ${name}.stub places${where === undefined ? '' : ` at line ${where.line}`}`,
        { file: path },
        `Without it the generated file lacks what {{${missing}}} holds; fullapi publish stubs ${name} --force --dry-run --diff shows the difference; add {{${missing}}} where the built-in stub has it.`,
      ),
    );
  }
  return problems;
}

/** Names read inside EJS tags: a value used as `<%= name %>` is used too. */
function ejsIdentifiers(text: string): string[] {
  return [...text.matchAll(/<%[-=_]?([\s\S]*?)[-_]?%>/g)].flatMap((tag) => [...(tag[1] ?? '').matchAll(/[A-Za-z_$][\w$]*/g)].map((word) => word[0]));
}
