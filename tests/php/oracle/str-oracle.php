<?php

/*
 * Reads a JSON array of words on stdin and prints, as JSON, what the real
 * Illuminate\Support\Str returns for each naming function, plus the installed
 * versions. Argument 1 is the oracle's vendor/autoload.php.
 */

declare(strict_types=1);

use Composer\InstalledVersions;
use Illuminate\Support\Str;

require $argv[1];

$words = json_decode(stream_get_contents(STDIN), true, 512, JSON_THROW_ON_ERROR);

$results = array_map(static fn (string $word): array => [
    'plural' => Str::plural($word),
    'singular' => Str::singular($word),
    'pluralStudly' => Str::pluralStudly($word),
    'snake' => Str::snake($word),
    'kebab' => Str::kebab($word),
    'studly' => Str::studly($word),
    'camel' => Str::camel($word),
], $words);

$versions = [
    'php' => PHP_VERSION,
    'laravel/framework' => InstalledVersions::getPrettyVersion('laravel/framework'),
    'doctrine/inflector' => InstalledVersions::getPrettyVersion('doctrine/inflector'),
];

echo json_encode(
    ['versions' => $versions, 'results' => $results],
    JSON_THROW_ON_ERROR | JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES,
);
