import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireCommand } from './php-tools.js';

/**
 * Reads each file with PHP's own tokenizer in one php process (TOKEN_PARSE: a file that does not parse is
 * a problem too) and reports every place where `word` is code: a name token, anywhere outside a string
 * literal or a comment, or any text outside `<?php` (inline HTML is printed when the file runs).
 */
const CHECKER = String.raw`<?php
$word = strtolower($argv[1]);
$problems = [];
foreach (array_slice($argv, 2) as $file) {
    try {
        $tokens = token_get_all(file_get_contents($file), TOKEN_PARSE);
    } catch (\ParseError $error) {
        $problems[] = "$file: does not parse: {$error->getMessage()} on line {$error->getLine()}";
        continue;
    }
    foreach ($tokens as $token) {
        if (!is_array($token)) continue;
        [$id, $text, $line] = $token;
        $name = token_name($id);
        if ($name === 'T_INLINE_HTML') $problems[] = "$file:$line: text outside <?php: " . json_encode($text);
        if (in_array($name, ['T_STRING', 'T_NAME_QUALIFIED', 'T_NAME_FULLY_QUALIFIED', 'T_NAME_RELATIVE', 'T_VARIABLE', 'T_EVAL'], true)
            && str_contains(strtolower($text), $word)) {
            $problems[] = "$file:$line: $name " . json_encode($text);
        }
    }
}
echo json_encode($problems);
`;

/** Files as name -> PHP text; returns the problems found, empty when every file is inert. */
export function phpCodeProblems(files: ReadonlyMap<string, string>, word: string): string[] {
  requireCommand('php', 'apt-get install php-cli');
  const dir = mkdtempSync(join(tmpdir(), 'fullapi-tokens-'));
  try {
    writeFileSync(join(dir, 'checker.php'), CHECKER);
    const paths = [...files].map(([name, text], index) => {
      const path = join(dir, `${index}-${name.replace(/[^A-Za-z0-9.]+/g, '_')}`);
      writeFileSync(path, text);
      return path;
    });
    const result = spawnSync('php', [join(dir, 'checker.php'), word, ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.status !== 0) throw new Error(`the PHP tokenizer check failed: ${result.stderr}${result.stdout}`);
    return JSON.parse(result.stdout) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
