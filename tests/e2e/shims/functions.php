<?php

/*
 * Stand-ins for the PHP 8.5 functions of the missing symfony/polyfill-php85 (see README.md): not part of
 * what the end-to-end tests check. Each is defined only when PHP does not have it.
 */

if (! function_exists('array_first')) {
    /** The first value of the array, or null when it is empty. */
    function array_first(array $array): mixed
    {
        foreach ($array as $value) {
            return $value;
        }

        return null;
    }
}

if (! function_exists('array_last')) {
    /** The last value of the array, or null when it is empty. */
    function array_last(array $array): mixed
    {
        return $array === [] ? null : $array[array_key_last($array)];
    }
}

if (! function_exists('get_error_handler')) {
    /** The current error handler: installing a handler returns the previous one, and restoring it undoes that. */
    function get_error_handler(): ?callable
    {
        $current = set_error_handler(static fn (): bool => false);
        restore_error_handler();

        return $current;
    }
}

if (! function_exists('get_exception_handler')) {
    /** The current exception handler, read the same way as get_error_handler(). */
    function get_exception_handler(): ?callable
    {
        $current = set_exception_handler(static function (Throwable $exception): void {});
        restore_exception_handler();

        return $current;
    }
}
