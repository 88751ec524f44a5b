<?php

namespace Fullapi\Laravel;

/** fullapi's lines in `php artisan about`: what runs, on what, and what it would read in this project. */
final class AboutSection
{
    public function __construct(private readonly BundledCli $cli, private readonly Manifest $manifest, private readonly string $projectRoot) {}

    /** @return array<string, string> */
    public function entries(): array
    {
        return [
            'Version' => $this->cli->version() ?? '<fg=red;options=bold>bundle missing</>',
            'Node' => $this->nodeVersion(),
            'Schema file' => $this->schemaFile() ?? 'none',
            'Published stubs' => $this->publishedStubs(),
            'Entities recorded' => (string) $this->recordedEntities(),
        ];
    }

    private function nodeVersion(): string
    {
        try {
            return $this->cli->node()->version();
        } catch (CliUnavailable $unavailable) {
            return '<fg=red;options=bold>'.$unavailable->getMessage().'</>';
        }
    }

    /** What a bare `make:fullapi` reads: the first of these files at the project's root. */
    private function schemaFile(): ?string
    {
        foreach ($this->manifest->schemaFiles as $name) {
            if (is_file($this->projectRoot.'/'.$name)) {
                return $name;
            }
        }

        return null;
    }

    private function publishedStubs(): string
    {
        $counts = [];
        foreach ($this->manifest->stubFolders as $folder) {
            $stubs = glob($this->projectRoot.'/'.$folder.'/*.stub') ?: [];
            if ($stubs !== []) {
                $counts[] = count($stubs).' in '.$folder;
            }
        }

        return $counts === [] ? 'none' : implode(', ', $counts);
    }

    private function recordedEntities(): int
    {
        $path = $this->projectRoot.'/'.$this->manifest->recordFile;
        $record = $this->manifest->recordFile !== '' && is_file($path) ? json_decode((string) file_get_contents($path), true) : null;

        return is_array($record) ? count($record) : 0;
    }
}
