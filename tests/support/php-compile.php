<?php
/*
 * `php -l` for many files in one process (php-tools.ts):
 *   php -n -d zend_extension=opcache.so -d opcache.enable_cli=1 php-compile.php <list file> <first index>
 * The list holds one PHP file path a line. For each file from <first index> on, this prints its index, then a
 * tab and PHP's message when the file does not compile. opcache_compile_file() compiles a file as `php -l`
 * does and reports the same errors (a parse error, a method declared twice, a parameter named twice), but
 * neither runs it nor declares its classes, so files may share class names. It ends with "done"; a process
 * that dies on a file leaves that file's index as its last line.
 */

if (!function_exists('opcache_compile_file')) {
    fwrite(STDERR, "PHP's opcache extension is not loaded (Debian's php8.2-cli brings it: apt-get install php8.2-opcache)\n");
    exit(2);
}

[$script, $listFile, $first] = $argv;
$paths = file($listFile, FILE_IGNORE_NEW_LINES);
for ($index = (int) $first; $index < count($paths); $index++) {
    echo $index;
    ob_start();
    try {
        $compiled = opcache_compile_file($paths[$index]);
    } catch (ParseError $parseError) {
        $compiled = false;
        echo "Parse error: {$parseError->getMessage()} in {$paths[$index]} on line {$parseError->getLine()}";
    }
    $output = trim(ob_get_clean());
    echo $compiled ? "\n" : "\t" . json_encode(preg_replace('/\s*Warning: Zend OPcache could not compile file .*$/s', '', $output)) . "\n";
}
echo "done\n";
