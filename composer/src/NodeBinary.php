<?php

namespace Fullapi\Laravel;

/**
 * The Node.js that runs the bundled command line: FULLAPI_NODE when set (a binary inside Sail's or another
 * container, or a version manager's), else `node` on the PATH. Laravel projects have Node already, for Vite.
 */
final class NodeBinary
{
    /** The oldest Node the bundle is built for (package.json's engines). */
    public const MINIMUM_MAJOR = 20;

    public const ENVIRONMENT_VARIABLE = 'FULLAPI_NODE';

    private ?string $version = null;

    public function __construct(private readonly ?string $configured, private readonly string $searchPath) {}

    public static function fromEnvironment(): self
    {
        $configured = getenv(self::ENVIRONMENT_VARIABLE);

        return new self($configured === false || $configured === '' ? null : $configured, (string) getenv('PATH'));
    }

    /** The binary's path, checked to be a Node this package can run on. */
    public function path(): string
    {
        $path = $this->located();
        $major = (int) explode('.', ltrim($this->version($path), 'v'))[0];
        if ($major < self::MINIMUM_MAJOR) {
            throw new CliUnavailable(sprintf(
                'fullapi needs Node.js %d or later; %s is %s. Install a newer Node (https://nodejs.org), or set %s to the path of one.',
                self::MINIMUM_MAJOR,
                $path,
                $this->version($path),
                self::ENVIRONMENT_VARIABLE,
            ));
        }

        return $path;
    }

    /** `v20.19.0`, as `node --version` prints it. */
    public function version(?string $path = null): string
    {
        if ($this->version !== null) {
            return $this->version;
        }
        $path ??= $this->located();
        $process = proc_open([$path, '--version'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        if (! is_resource($process)) {
            throw new CliUnavailable("fullapi could not start {$path} to read its version.");
        }
        $printed = trim((string) stream_get_contents($pipes[1]));
        fclose($pipes[1]);
        fclose($pipes[2]);
        $status = proc_close($process);
        if ($status !== 0 || preg_match('/^v\d+\.\d+\.\d+/', $printed) !== 1) {
            throw new CliUnavailable("{$path} --version did not print a Node.js version; set ".self::ENVIRONMENT_VARIABLE.' to the path of Node.js '.self::MINIMUM_MAJOR.' or later.');
        }

        return $this->version = $printed;
    }

    private function located(): string
    {
        if ($this->configured !== null) {
            if (! is_file($this->configured) || ! is_executable($this->configured)) {
                throw new CliUnavailable(self::ENVIRONMENT_VARIABLE." is set to {$this->configured}, which is no executable file. Point it at Node.js ".self::MINIMUM_MAJOR.' or later, or unset it to use node from the PATH.');
            }

            return $this->configured;
        }
        $names = PHP_OS_FAMILY === 'Windows' ? ['node.exe', 'node'] : ['node'];
        foreach (explode(PATH_SEPARATOR, $this->searchPath) as $directory) {
            foreach ($names as $name) {
                $candidate = rtrim($directory, '/\\').DIRECTORY_SEPARATOR.$name;
                if ($directory !== '' && is_file($candidate) && is_executable($candidate)) {
                    return $candidate;
                }
            }
        }

        throw new CliUnavailable(
            'fullapi runs on Node.js '.self::MINIMUM_MAJOR.' or later, and no node was found on the PATH. Install Node.js (https://nodejs.org), '
            .'or set '.self::ENVIRONMENT_VARIABLE.' to its binary (with Sail or Docker, a node inside the container, e.g. '.self::ENVIRONMENT_VARIABLE.'=/usr/bin/node).',
        );
    }
}
