<?php

namespace Fullapi\Laravel;

use Closure;

/**
 * fullapi's command line as the package carries it (resources/cli: the bundle with its stubs and schemas, the
 * layout of the npm package), run with Node in the project's folder.
 */
final class BundledCli
{
    public function __construct(private readonly string $root, private readonly NodeBinary $node) {}

    public function entryPoint(): string
    {
        return $this->root.'/dist/cli/fullapi.mjs';
    }

    /** The version the bundle was built as, in step with the npm package's; null when the bundle is missing. */
    public function version(): ?string
    {
        $manifest = is_file($this->root.'/package.json') ? json_decode((string) file_get_contents($this->root.'/package.json'), true) : null;

        return is_array($manifest) && is_string($manifest['version'] ?? null) ? $manifest['version'] : null;
    }

    public function node(): NodeBinary
    {
        return $this->node;
    }

    /**
     * Runs `fullapi <command> <words...>` and answers its exit code. Given streams (artisan on a terminal or a
     * pipe), the command line reads and writes them itself, so a terminal stays one (colours, the wizard's
     * questions, Ctrl-C); else (Artisan::call) what it prints, both streams in order, goes to `write`.
     *
     * @param  list<string>  $words
     * @param  array<string, string>  $environment  added to the process's own
     * @param  array{0: resource, 1: resource}|null  $streams  standard output and error
     * @param  Closure(string): void  $write
     */
    public function run(string $command, array $words, string $projectRoot, array $environment, ?array $streams, Closure $write): int
    {
        if (! is_file($this->entryPoint())) {
            throw new CliUnavailable("fullapi's bundled command line is missing ({$this->entryPoint()}): reinstall the package (composer reinstall fullapi/laravel-fullapi).");
        }
        $descriptors = $streams === null
            ? [0 => ['file', PHP_OS_FAMILY === 'Windows' ? 'NUL' : '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['redirect', 1]]
            : [0 => STDIN, 1 => $streams[0], 2 => $streams[1]];
        $process = proc_open([$this->node->path(), $this->entryPoint(), $command, ...$words], $descriptors, $pipes, $projectRoot, [...getenv(), ...$environment]);
        if (! is_resource($process)) {
            throw new CliUnavailable('fullapi could not start Node.js.');
        }

        return $this->whileForwardingInterrupts($process, function () use ($pipes, $write): void {
            if (isset($pipes[1])) {
                $write((string) stream_get_contents($pipes[1]));
                fclose($pipes[1]);
            }
        });
    }

    /**
     * Ctrl-C on a terminal interrupts the whole foreground group, artisan and the command line alike: artisan lets
     * it pass and waits, so that the command line ends as it says it does (`watch` stops, says so and exits 0)
     * instead of artisan dying first. A termination sent to artisan alone is passed on.
     *
     * @param  resource  $process
     */
    private function whileForwardingInterrupts($process, Closure $drain): int
    {
        $trapping = function_exists('pcntl_signal') && function_exists('pcntl_async_signals');
        if ($trapping) {
            $asynchronous = pcntl_async_signals(true);
            pcntl_signal(SIGINT, fn () => null);
            pcntl_signal(SIGTERM, fn () => proc_terminate($process, SIGTERM));
        }
        try {
            $drain();

            return proc_close($process);
        } finally {
            if ($trapping) {
                pcntl_signal(SIGINT, SIG_DFL);
                pcntl_signal(SIGTERM, SIG_DFL);
                pcntl_async_signals($asynchronous);
            }
        }
    }
}
