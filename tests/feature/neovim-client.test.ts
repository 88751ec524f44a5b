import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyExampleProject } from '../support/project-tree.js';
import { repoRoot } from '../support/repo-root.js';

/**
 * `fullapi lsp` in a real editor: Neovim headless (Debian's, which `.ci/run` installs), its own built-in client
 * starting the bundled command line on files opened from disk. A Lua script does what a person's keystrokes
 * would, through the same functions (Neovim's diagnostics, its request and edit functions), and writes what
 * Neovim received and what its buffers hold as JSON for the assertions here.
 */

const BUNDLE = join(repoRoot(), 'dist/cli/fullapi.mjs');
/** The script's own waits are 20 s each; this is for Neovim as a whole, hung or not. */
const NEOVIM_TIMEOUT_MS = 90_000;

const SCHEMA = [
  'entities:',
  '  Post:',
  '    fields:',
  "      title: string default='😀' uniqe",
  '      status: enum(draft,published) nullabel',
  '    relations:',
  '      author: belongsTo Writer',
  '      editor: belongsTo User',
  '  User:',
  '    fields:',
  '      name: string',
  '',
].join('\n');

const DIAGRAM = ['classDiagram', '  class Post {', '    +string title', '    +text body nullabel', '  }', ''].join('\n');

// Run on Neovim 0.7.2 (Debian 12's): its vim.lsp.start_client, and the functions a newer Neovim renamed are
// taken where they exist (vim.lsp.start from 0.8, vim.lsp.diagnostic.from from 0.11) so that it can run there too.
const SCRIPT = String.raw`
local node, bundle, project, out = os.getenv('FULLAPI_NODE'), os.getenv('FULLAPI_BUNDLE'), os.getenv('FULLAPI_PROJECT'), os.getenv('FULLAPI_RESULTS')
local WAIT_MS = 20000
local results = {}

-- Filetypes as a user's setup has them, for the languageId Neovim sends: 0.7 does not know Mermaid's, and its
-- vim.filetype.add is read only when do_filetype_lua is set before startup, so an autocommand names it.
vim.cmd('filetype on')
vim.cmd('autocmd BufNewFile,BufRead *.mmd,*.mermaid setfiletype mermaid')

-- Every publication the client received, per document, before Neovim's own handler turns it into vim.diagnostic.
local publications = {}
local publish = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, params, ctx, config)
  local seen = publications[params.uri] or {}
  table.insert(seen, params.diagnostics)
  publications[params.uri] = seen
  return publish(err, params, ctx, config)
end

local config = { name = 'fullapi', cmd = { node, bundle, 'lsp', '--project', project }, root_dir = project }
local client_id
local function attach(bufnr)
  if vim.lsp.start then
    client_id = vim.lsp.start(config, { bufnr = bufnr })
  else
    client_id = client_id or vim.lsp.start_client(config)
    vim.lsp.buf_attach_client(bufnr, client_id)
  end
end

local function wait_for(what, condition)
  if not vim.wait(WAIT_MS, condition, 20) then error('waited ' .. WAIT_MS .. ' ms for ' .. what) end
end

local function open(name)
  vim.cmd('hide edit ' .. vim.fn.fnameescape(project .. '/' .. name))
  local bufnr = vim.api.nvim_get_current_buf()
  attach(bufnr)
  local uri = vim.uri_from_bufnr(bufnr)
  wait_for('the diagnostics of ' .. name, function() return publications[uri] ~= nil end)
  return bufnr, uri
end

local function publications_of(uri) return #(publications[uri] or {}) end

local function text_of(bufnr) return table.concat(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false), '\n') end

-- What vim.diagnostic holds, with the buffer's text under each range (byte columns, Neovim's own).
local function shown(bufnr)
  local diagnostics = {}
  for _, diagnostic in ipairs(vim.diagnostic.get(bufnr)) do
    local line = vim.api.nvim_buf_get_lines(bufnr, diagnostic.lnum, diagnostic.lnum + 1, false)[1]
    table.insert(diagnostics, {
      code = diagnostic.code, message = diagnostic.message, lnum = diagnostic.lnum, col = diagnostic.col,
      end_lnum = diagnostic.end_lnum, end_col = diagnostic.end_col, word = line:sub(diagnostic.col + 1, diagnostic.end_col),
    })
  end
  return diagnostics
end

local function request(bufnr, method, params)
  local answers, err = vim.lsp.buf_request_sync(bufnr, method, params, WAIT_MS)
  if answers == nil then error(method .. ': ' .. tostring(err)) end
  local answer = answers[client_id]
  if answer == nil then error(method .. ': the client did not send it') end
  -- The failure is answer.error up to 0.9, answer.err from 0.10.
  local failed = answer.error or answer.err
  if failed then error(method .. ': ' .. vim.inspect(failed)) end
  return answer.result
end

-- The line's diagnostics in the protocol's terms, converted back by Neovim as its own code_action does.
local function line_diagnostics(bufnr, lnum)
  if vim.lsp.diagnostic.from then return vim.lsp.diagnostic.from(vim.diagnostic.get(bufnr, { lnum = lnum })) end
  return vim.lsp.diagnostic.get_line_diagnostics(bufnr, lnum)
end

-- The quick fixes offered with the cursor on (lnum, col), 0-based, as Neovim's code_action asks for them.
local function code_actions(bufnr, lnum, col)
  vim.api.nvim_win_set_cursor(0, { lnum + 1, col })
  local params = vim.lsp.util.make_range_params(0, vim.lsp.get_client_by_id(client_id).offset_encoding)
  params.context = { diagnostics = line_diagnostics(bufnr, lnum) }
  return request(bufnr, 'textDocument/codeAction', params)
end

local function apply(edit) vim.lsp.util.apply_workspace_edit(edit, vim.lsp.get_client_by_id(client_id).offset_encoding) end

-- Waits for a publication after the edits with none of the diagnostics left; the last one published, if never.
local function published_after(uri, before)
  vim.wait(WAIT_MS, function()
    local seen = publications[uri] or {}
    return #seen > before and #seen[#seen] == 0
  end, 20)
  local seen = publications[uri] or {}
  return { count = #seen - before, diagnostics = seen[#seen] }
end

local function edit_the_project()
  local schema, schema_uri = open('api-schema.yaml')
  wait_for('three diagnostics in api-schema.yaml', function() return #vim.diagnostic.get(schema) == 3 end)
  results.schema = { filetype = vim.bo[schema].filetype, received = publications[schema_uri][#publications[schema_uri]], shown = shown(schema) }

  results.hover = request(schema, 'textDocument/hover', { textDocument = { uri = schema_uri }, position = { line = 10, character = 8 } })

  local typo = vim.diagnostic.get(schema, { lnum = 3 })[1]
  local modifier = vim.diagnostic.get(schema, { lnum = 4 })[1]
  local relation = vim.diagnostic.get(schema, { lnum = 6 })[1]
  -- On the line with an astral character, Neovim 0.7 sends the diagnostic back in byte columns (later ones send
  -- it as received): the fix must still replace the word the server placed it on.
  local typo_actions = code_actions(schema, typo.lnum, typo.col)
  local modifier_actions = code_actions(schema, modifier.lnum, modifier.col)
  local relation_actions = code_actions(schema, relation.lnum, relation.col)
  results.actions = {}
  for _, actions in ipairs({ typo_actions, modifier_actions, relation_actions }) do
    for _, action in ipairs(actions) do table.insert(results.actions, action.title) end
  end
  local before = publications_of(schema_uri)
  apply(typo_actions[1].edit)
  apply(modifier_actions[1].edit)
  apply(relation_actions[1].edit)
  results.fixed = { text = text_of(schema), published = published_after(schema_uri, before), shown = shown(schema) }

  local renamed = request(schema, 'textDocument/rename', { textDocument = { uri = schema_uri }, position = { line = 8, character = 3 }, newName = 'Member' })
  before = publications_of(schema_uri)
  apply(renamed)
  results.renamed = { text = text_of(schema), published = published_after(schema_uri, before) }

  results.preview = request(schema, 'fullapi/preview', { uri = schema_uri })

  local diagram = open('blog.mmd')
  wait_for('a diagnostic in blog.mmd', function() return #vim.diagnostic.get(diagram) == 1 end)
  results.diagram = { filetype = vim.bo[diagram].filetype, shown = shown(diagram) }
end

local ok, failure = xpcall(edit_the_project, debug.traceback)
if not ok then results.error = failure .. '\npublished: ' .. vim.inspect(publications) end
results.client = client_id and { offset_encoding = vim.lsp.get_client_by_id(client_id).offset_encoding }
local file = io.open(out, 'w')
file:write(vim.fn.json_encode(results))
file:close()
if client_id then
  vim.lsp.stop_client(client_id)
  vim.wait(WAIT_MS, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
end
vim.cmd(ok and 'qall!' or 'cquit!')
`;

/** A diagnostic as vim.diagnostic holds it (byte columns), with the buffer's text under it. */
interface ShownDiagnostic {
  code: string;
  message: string;
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  word: string;
}

/** A diagnostic as the server published it and Neovim received it (UTF-16 columns). */
interface ReceivedDiagnostic {
  code: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}

interface Publication {
  /** How many publications came after the edits. */
  count: number;
  diagnostics: ReceivedDiagnostic[];
}

interface Results {
  error?: string;
  client: { offset_encoding: string };
  schema: { filetype: string; received: ReceivedDiagnostic[]; shown: ShownDiagnostic[] };
  hover: { contents: unknown };
  actions: string[];
  fixed: { text: string; published: Publication; shown: ShownDiagnostic[] };
  renamed: { text: string; published: Publication };
  preview: { ok: boolean; files: { path: string; action: string }[] };
  diagram: { filetype: string; shown: ShownDiagnostic[] };
}

/** Neovim run on the script, killed with the server it started when it outlives NEOVIM_TIMEOUT_MS. */
async function runNeovim(project: string, scratch: string): Promise<Results> {
  const script = join(scratch, 'fullapi-client.lua');
  const results = join(scratch, 'results.json');
  writeFileSync(script, SCRIPT);
  const env = {
    ...process.env,
    FULLAPI_NODE: process.execPath,
    FULLAPI_BUNDLE: BUNDLE,
    FULLAPI_PROJECT: project,
    FULLAPI_RESULTS: results,
    // Neovim's LSP log (the server's stderr lands there) in the scratch folder: 0.7 keeps it in the cache, later ones in the state folder.
    XDG_CACHE_HOME: join(scratch, 'cache'),
    XDG_STATE_HOME: join(scratch, 'state'),
  };
  // A process group of its own: the server Neovim starts is killed with it.
  const neovim = spawn('nvim', ['--headless', '--clean', '-u', 'NONE', '-c', `luafile ${script}`], { cwd: project, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  neovim.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  neovim.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const ended = new Promise<string>((resolve, reject) => {
    neovim.once('error', reject);
    neovim.once('close', (code, signal) => resolve(`exit ${code ?? signal}`));
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => (timer = setTimeout(() => resolve(`still running after ${NEOVIM_TIMEOUT_MS} ms`), NEOVIM_TIMEOUT_MS)));
  try {
    const end = await Promise.race([ended, timedOut]);
    const written: Results | undefined = existsSync(results) ? (JSON.parse(readFileSync(results, 'utf8')) as Results) : undefined;
    if (written === undefined || written.error !== undefined) {
      throw new Error(`Neovim: ${end}\n${written?.error ?? 'no results written'}\nNeovim's output:\n${output}\nLSP log:\n${lspLog(scratch)}`);
    }
    return written;
  } finally {
    clearTimeout(timer);
    if (neovim.exitCode === null && neovim.signalCode === null) process.kill(-(neovim.pid ?? 0), 'SIGKILL');
  }
}

function lspLog(scratch: string): string {
  const logs = readdirSync(scratch, { recursive: true, encoding: 'utf8' }).filter((path) => path.endsWith('lsp.log'));
  return logs.map((path) => readFileSync(join(scratch, path), 'utf8')).join('\n') || '(none)';
}

/** `fullapi validate`'s diagnostics as it prints them: code, 1-based line and column, message and hint. */
function validated(project: string, file: string): { code: string; line: number; column: number; message: string }[] {
  const run = spawnSync(process.execPath, [BUNDLE, 'validate', file], { cwd: project, encoding: 'utf8' });
  assert.is(run.status, 1, `${run.stdout}${run.stderr}`);
  const printed = /^error\[(\w+)\] ([^:]+):(\d+):(\d+): (.*)\n(?:.*\n){2}\s*hint: (.*)$/gm;
  return [...`${run.stdout}${run.stderr}`.matchAll(printed)].map(([, code, , line, column, message, hint]) => ({
    code: code ?? '',
    line: Number(line),
    column: Number(column),
    message: `${message}\nhint: ${hint}`,
  }));
}

const byLine = (diagnostics: ShownDiagnostic[]): ShownDiagnostic[] => [...diagnostics].sort((a, b) => a.lnum - b.lnum);

test("Neovim's own client: diagnostics where validate puts them, hover, quick fixes, rename, preview, a Mermaid diagram", async () => {
  const project = copyExampleProject('laravel-12');
  const scratch = mkdtempSync(join(tmpdir(), 'fullapi-neovim-'));
  try {
    writeFileSync(join(project, 'api-schema.yaml'), SCHEMA);
    writeFileSync(join(project, 'blog.mmd'), DIAGRAM);
    const results = await runNeovim(project, scratch);
    assert.is(results.client.offset_encoding, 'utf-16');
    assert.is(results.schema.filetype, 'yaml');

    // What validate prints, 1-based, is what Neovim received, 0-based, and the UTF-16 column of the protocol.
    const cli = validated(project, 'api-schema.yaml');
    assert.equal(
      results.schema.received.map(({ code, message, range }) => ({ code, line: range.start.line, column: range.start.character, message })),
      cli.map(({ code, line, column, message }) => ({ code, line: line - 1, column: column - 1, message })),
    );
    // Neovim placed each one on the word at fault, in byte columns: the astral character before "uniqe" takes 4 bytes, 2 UTF-16 units.
    const lines = SCHEMA.split('\n');
    const shown = byLine(results.schema.shown);
    const words = ['uniqe', 'nullabel', 'Writer'];
    assert.equal(
      shown.map(({ code, lnum, col, word }) => ({ code, lnum, col, word })),
      cli.map(({ code, line, column }, index) => ({ code, lnum: line - 1, col: Buffer.byteLength((lines[line - 1] ?? '').slice(0, column - 1)), word: words[index] })),
    );
    assert.equal(shown.map((diagnostic) => diagnostic.message), cli.map((diagnostic) => diagnostic.message));

    assert.match(JSON.stringify(results.hover.contents), "$table->string('name');");

    assert.equal(results.actions, ['Replace with unique', 'Replace with nullable', 'Declare the entity Writer']);
    const fixed = `${SCHEMA.replace('uniqe', 'unique').replace('nullabel', 'nullable').trimEnd()}\n  Writer:\n    fields:\n      name: string`;
    assert.is(results.fixed.text, fixed);
    assert.ok(results.fixed.published.count > 0, 'diagnostics published after the edits');
    assert.equal(results.fixed.published.diagnostics, []);
    assert.equal(results.fixed.shown, []);

    assert.is(results.renamed.text, fixed.replace('belongsTo User', 'belongsTo Member').replace('\n  User:', '\n  Member:'));
    assert.ok(results.renamed.published.count > 0, 'diagnostics published after the rename');
    assert.equal(results.renamed.published.diagnostics, []);

    // The plan of the buffer's unsaved text: the renamed entity's model.
    assert.ok(results.preview.ok, JSON.stringify(results.preview));
    const planned = results.preview.files.map((file) => file.path);
    assert.ok(planned.includes('app/Models/Post.php') && planned.includes('app/Models/Member.php'), planned.join(', '));
    assert.not.ok(planned.includes('app/Models/User.php'), planned.join(', '));

    assert.is(results.diagram.filetype, 'mermaid');
    assert.equal(
      results.diagram.shown.map(({ code, lnum, col, end_col, word }) => ({ code, lnum, col, end_col, word })),
      [{ code: 'unknown_field_modifier', lnum: 3, col: 15, end_col: 23, word: 'nullabel' }],
    );
  } finally {
    rmSync(project, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
});

test.run();
