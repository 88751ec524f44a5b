<?php

namespace App\Providers;

use Illuminate\Foundation\Http\Events\RequestHandled;
use Illuminate\Support\Facades\DB;
use Illuminate\Support\Facades\Event;
use Illuminate\Support\ServiceProvider;

/**
 * Installed by the end-to-end harness for its live stories, never generated: answers the number of SQL
 * queries a request ran in an X-Query-Count header, so a story can check that a page costs the same number
 * of queries whatever its size.
 */
class QueryCountServiceProvider extends ServiceProvider
{
    public function boot(): void
    {
        $count = 0;
        DB::listen(function () use (&$count): void {
            $count++;
        });
        Event::listen(RequestHandled::class, function (RequestHandled $event) use (&$count): void {
            $event->response->headers->set('X-Query-Count', (string) $count);
        });
    }
}
