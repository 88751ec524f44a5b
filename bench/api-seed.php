<?php

/**
 * `php api-seed.php <statements.json>`, run in the API bench's application (bench/api-latency.ts): runs each
 * SQL statement of the file, one at a time, on the application's own connection, then prints the row counts
 * of the tables seeded as JSON. One at a time: a failure inside a multi-statement string can go unreported
 * on MySQL's protocol.
 */

declare(strict_types=1);

use Illuminate\Contracts\Console\Kernel;
use Illuminate\Support\Facades\DB;

require getcwd().'/vendor/autoload.php';
$app = require getcwd().'/bootstrap/app.php';
$app->make(Kernel::class)->bootstrap();

try {
    $pdo = DB::connection()->getPdo();
    foreach (json_decode((string) file_get_contents($argv[1]), true, flags: JSON_THROW_ON_ERROR) as $statement) {
        // Read to its end: MariaDB's ANALYZE TABLE answers rows, and a statement after unread ones fails.
        $pdo->query($statement)->closeCursor();
    }
    echo json_encode(['customers' => DB::table('customers')->count(), 'orders' => DB::table('orders')->count()]), "\n";
} catch (Throwable $failure) {
    // The console's exception handler would print it on standard output and exit with 0.
    fwrite(STDERR, $failure->getMessage()."\n");
    exit(1);
}
