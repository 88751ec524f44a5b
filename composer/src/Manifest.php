<?php

namespace Fullapi\Laravel;

/**
 * What the package knows of fullapi's commands and files, written by the build from fullapi's own tables
 * (src/cli/artisan-manifest.ts): the package never retypes an option or a file name.
 */
final class Manifest
{
    /**
     * @param  list<array{name: string, cliCommand: string, description: string, arguments: list<array{name: string, required: bool, variadic: bool}>, options: list<array{name: string, description: string, value?: string, choices?: list<string>}>}>  $commands
     * @param  list<string>  $schemaFiles
     * @param  list<string>  $stubFolders
     */
    public function __construct(
        public readonly array $commands,
        public readonly array $schemaFiles,
        public readonly array $stubFolders,
        public readonly string $recordFile,
    ) {}

    /** An unreadable manifest registers no command: `about` and every command then say the package is not built. */
    public static function read(string $path): self
    {
        $decoded = is_file($path) ? json_decode((string) file_get_contents($path), true) : null;

        if (! is_array($decoded)) {
            return new self([], [], [], '');
        }

        return new self($decoded['commands'] ?? [], $decoded['schemaFiles'] ?? [], $decoded['stubFolders'] ?? [], $decoded['recordFile'] ?? '');
    }
}
