<?php

namespace Fullapi\Laravel;

use Fullapi\Laravel\Console\CliCommand;
use Illuminate\Foundation\Console\AboutCommand;
use Illuminate\Support\ServiceProvider;

/**
 * fullapi in artisan: a command per command of the bundled command line (make:fullapi, delete:fullapi,
 * api-generator:*), the config file and the stubs for vendor:publish, and a section of `php artisan about`.
 * Every command runs the same bundled command line with Node: the package adds no behaviour of its own.
 */
class FullapiServiceProvider extends ServiceProvider
{
    public function register(): void
    {
        $this->app->singleton(Manifest::class, fn (): Manifest => Manifest::read(self::packagePath('resources/fullapi.json')));
        $this->app->singleton(BundledCli::class, fn (): BundledCli => new BundledCli(self::packagePath('resources/cli'), NodeBinary::fromEnvironment()));
    }

    public function boot(): void
    {
        if (! $this->app->runningInConsole()) {
            return;
        }

        $this->publishes([self::packagePath('config/api-generator.php') => $this->app->configPath('api-generator.php')], 'api-generator-config');
        $this->publishes([self::packagePath('resources/cli/stubs') => $this->app->basePath('stubs/vendor/fullapi')], 'api-generator-stubs');

        $manifest = $this->app->make(Manifest::class);
        $this->commands(array_map(
            fn (array $definition): CliCommand => new CliCommand($definition),
            $manifest->commands,
        ));

        AboutCommand::add('fullapi', fn (): array => (new AboutSection(
            $this->app->make(BundledCli::class),
            $manifest,
            $this->app->basePath(),
        ))->entries());
    }

    private static function packagePath(string $path): string
    {
        return dirname(__DIR__).'/'.$path;
    }
}
