<?php

namespace Fullapi\Laravel\Console;

use Fullapi\Laravel\BundledCli;
use Fullapi\Laravel\CliUnavailable;
use Illuminate\Console\Command;
use Symfony\Component\Console\Input\ArgvInput;
use Symfony\Component\Console\Input\InputArgument;
use Symfony\Component\Console\Input\InputOption;
use Symfony\Component\Console\Output\ConsoleOutputInterface;
use Symfony\Component\Console\Output\StreamOutput;

/**
 * One command of the bundled command line under its artisan name. Its arguments and options are declared for
 * `--help` only: the words typed after the command's name go to the command line as they are, which parses
 * them itself, so its errors, messages and exit codes (2 for a misused command line) are the ones users see.
 */
class CliCommand extends Command
{
    /**
     * Artisan's own options, which apply to artisan and never reach the command line.
     */
    private const ARTISAN_FLAGS = ['--no-interaction', '-n', '--ansi', '--no-ansi', '--quiet', '-q', '--silent', '--verbose', '-v', '-vv', '-vvv'];

    private readonly string $cliCommand;

    /** @var list<string> The arguments and options declared here, not those artisan adds to every command. */
    private readonly array $ownArguments;

    /** @var list<string> */
    private readonly array $ownOptions;

    /**
     * @param  array{name: string, cliCommand: string, description: string, arguments: list<array{name: string, required: bool, variadic: bool}>, options: list<array{name: string, description: string, value?: string, choices?: list<string>}>}  $definition
     */
    public function __construct(array $definition)
    {
        $this->name = $definition['name'];
        $this->description = $definition['description'];
        $this->cliCommand = $definition['cliCommand'];
        $this->ownArguments = array_column($definition['arguments'], 'name');
        $this->ownOptions = array_column($definition['options'], 'name');
        parent::__construct();

        foreach ($definition['arguments'] as $argument) {
            $mode = ($argument['required'] ? InputArgument::REQUIRED : InputArgument::OPTIONAL) | ($argument['variadic'] ? InputArgument::IS_ARRAY : 0);
            $this->addArgument($argument['name'], $mode);
        }
        foreach ($definition['options'] as $option) {
            $choices = isset($option['choices']) ? ' ('.implode(', ', $option['choices']).')' : '';
            $this->addOption($option['name'], null, isset($option['value']) ? InputOption::VALUE_REQUIRED : InputOption::VALUE_NONE, $option['description'].$choices);
        }
        $this->ignoreValidationErrors();
    }

    public function handle(BundledCli $cli): int
    {
        $output = $this->output->getOutput();
        $streams = $output instanceof StreamOutput
            ? [$output->getStream(), $output instanceof ConsoleOutputInterface && $output->getErrorOutput() instanceof StreamOutput ? $output->getErrorOutput()->getStream() : $output->getStream()]
            : null;
        $environment = $this->input->hasParameterOption('--no-ansi', true) ? ['NO_COLOR' => '1'] : [];

        try {
            return $cli->run($this->cliCommand, $this->forwardedWords(), $this->laravel->basePath(), $environment, $streams, fn (string $text) => $output->write($text, false, $output::OUTPUT_RAW));
        } catch (CliUnavailable $unavailable) {
            $this->components->error($unavailable->getMessage());

            return self::FAILURE;
        }
    }

    /**
     * The words after the command's name as typed, but artisan's own; called from code (Artisan::call), the
     * arguments and options it was given, spelt as on a command line.
     *
     * @return list<string>
     */
    private function forwardedWords(): array
    {
        if ($this->input instanceof ArgvInput) {
            $words = $this->input->getRawTokens(true);
            $forwarded = [];
            for ($index = 0; $index < count($words); $index++) {
                $word = $words[$index];
                if ($word === '--env') {
                    $index++;

                    continue;
                }
                if (! in_array($word, self::ARTISAN_FLAGS, true) && ! str_starts_with($word, '--env=') && ! str_starts_with($word, '--verbose=')) {
                    $forwarded[] = $word;
                }
            }

            return $forwarded;
        }

        $words = [];
        foreach ($this->ownArguments as $name) {
            $value = $this->input->getArgument($name);
            array_push($words, ...array_map('strval', is_array($value) ? $value : ($value === null ? [] : [$value])));
        }
        foreach ($this->ownOptions as $name) {
            $value = $this->input->getOption($name);
            if (is_string($value)) {
                $words[] = '--'.$name.'='.$value;
            } elseif ($value === true) {
                $words[] = '--'.$name;
            }
        }

        return $words;
    }
}
