<?php

// Put in public/ for one request by the end-to-end harness (tests/e2e/http.ts forgetCompiled): the serving
// process forgets its compiled copy of each file named (relative to the application), so that the next
// request compiles the file as it is now, as a restarted server would.
foreach ((array) ($_GET['file'] ?? []) as $file) {
    $path = dirname(__DIR__).'/'.$file;
    if (! is_file($path)) {
        http_response_code(404);
        echo "no file {$file}";
        exit;
    }
    if (function_exists('opcache_invalidate')) {
        opcache_invalidate($path, true);
    }
}
echo 'forgotten';
