<?php

// PHP 8.6's SortDirection, which Laravel 13's query builder names (symfony/polyfill-php86 is missing from
// the Packagist copy here). Only Laravel 13's application loads this file.
if (! enum_exists('SortDirection', false)) {
    enum SortDirection
    {
        case Ascending;
        case Descending;
    }
}
