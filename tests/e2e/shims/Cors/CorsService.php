<?php

namespace Fruitcake\Cors;

use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;

/**
 * Stand-in for the missing fruitcake/php-cors (see ../README.md), not part of what the end-to-end tests
 * check. It has the methods Illuminate\Http\Middleware\HandleCors calls and does what a same-origin client
 * needs: a preflight gets an empty 204 and other responses pass through unchanged, with no CORS headers.
 */
class CorsService
{
    /**
     * The options (config/cors.php) only shape cross-origin answers, which this stand-in never gives.
     *
     * @param  array<string, mixed>  $options
     */
    public function setOptions(array $options): void {}

    public function isPreflightRequest(Request $request): bool
    {
        return $request->getMethod() === 'OPTIONS' && $request->headers->has('Access-Control-Request-Method');
    }

    public function handlePreflightRequest(Request $request): Response
    {
        return new Response('', 204);
    }

    public function varyHeader(Response $response, string $header): Response
    {
        $response->setVary($header, false);

        return $response;
    }

    public function addActualRequestHeaders(Response $response, Request $request): Response
    {
        return $response;
    }
}
