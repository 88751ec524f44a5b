<?php
/*
 * The PHP half of the fuzzer's checks, for a whole batch of generated files in one process:
 *   php php-check.php <list file> <first index>
 * The list holds one PHP file path a line. For each file from <first index> on, this prints its index,
 * then a tab and a JSON list of problems when it has any:
 *   - parse:     token_get_all(TOKEN_PARSE) throws (what `php -l` would say first);
 *   - compile:   opcache_compile_file() fails (a duplicate method, a constant named `class`, ...), which
 *                compiles without running, so no class is declared and files may share class names;
 *   - injection: a call of INJECTION_CALLS (hostile-text.ts) outside string and comment tokens, found as text
 *                or as tokens, a backtick (shell execution), or text outside the PHP tags.
 * It ends with "done"; a process that dies on a file leaves that file's index as its last line.
 */

const STRING_OR_COMMENT = [T_CONSTANT_ENCAPSED_STRING, T_ENCAPSED_AND_WHITESPACE, T_COMMENT, T_DOC_COMMENT];
const MARKERS = ['fuzzpwn(1337)', "system('fuzz')"];
const CALLED = ['fuzzpwn', 'system'];
const ARGUMENTS = ['1337', "'fuzz'", '"fuzz"'];

function problems(string $path): array
{
    $code = file_get_contents($path);
    try {
        $tokens = token_get_all($code, TOKEN_PARSE);
    } catch (ParseError $parseError) {
        return [['kind' => 'parse', 'message' => $parseError->getMessage(), 'line' => $parseError->getLine()]];
    }
    $found = injections($code, $tokens);
    ob_start();
    $compiled = opcache_compile_file($path);
    $output = ob_get_clean();
    if (!$compiled) {
        $message = preg_match('/(?:Fatal|Parse) error: (.*) in .* on line (\d+)/', $output, $match) ? $match : [null, trim($output), 0];
        $found[] = ['kind' => 'compile', 'message' => $message[1], 'line' => (int) $message[2]];
    }
    return $found;
}

function injections(string $code, array $tokens): array
{
    $found = [];
    // Each token with where it starts and ends in the text.
    $placed = [];
    $offset = 0;
    foreach ($tokens as $token) {
        [$id, $text, $line] = is_array($token) ? $token : [null, $token, 0];
        $placed[] = ['id' => $id, 'text' => $text, 'line' => $line, 'start' => $offset, 'end' => $offset + strlen($text)];
        $offset += strlen($text);
    }
    foreach (MARKERS as $marker) {
        for ($at = strpos($code, $marker); $at !== false; $at = strpos($code, $marker, $at + 1)) {
            $inside = false;
            foreach ($placed as $token) {
                if ($token['start'] <= $at && $at < $token['end']) {
                    $inside = in_array($token['id'], STRING_OR_COMMENT, true) && $at + strlen($marker) <= $token['end'];
                    break;
                }
            }
            if (!$inside) {
                $found[] = ['kind' => 'injection', 'message' => "$marker outside a string or comment", 'line' => substr_count($code, "\n", 0, $at) + 1];
            }
        }
    }
    $code_tokens = array_values(array_filter($placed, fn ($token) => !in_array($token['id'], [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT], true)));
    foreach ($code_tokens as $index => $token) {
        if ($token['id'] === T_INLINE_HTML && trim($token['text']) !== '') {
            $found[] = ['kind' => 'injection', 'message' => 'text outside the PHP tags', 'line' => $token['line']];
        }
        if ($token['id'] === null && $token['text'] === '`') {
            $found[] = ['kind' => 'injection', 'message' => 'a backtick (shell execution) in code', 'line' => $token['line']];
        }
        $next = $code_tokens[$index + 1] ?? null;
        $argument = $code_tokens[$index + 2] ?? null;
        if (
            $token['id'] === T_STRING && in_array(strtolower($token['text']), CALLED, true)
            && $next !== null && $next['text'] === '(' && $argument !== null && in_array($argument['text'], ARGUMENTS, true)
        ) {
            $found[] = ['kind' => 'injection', 'message' => "a call of {$token['text']}() in code", 'line' => $token['line']];
        }
    }
    return $found;
}

[$script, $listFile, $first] = $argv;
$paths = file($listFile, FILE_IGNORE_NEW_LINES);
for ($index = (int) $first; $index < count($paths); $index++) {
    echo $index;
    $found = problems($paths[$index]);
    echo $found === [] ? "\n" : "\t" . json_encode($found, JSON_INVALID_UTF8_SUBSTITUTE) . "\n";
}
echo "done\n";
