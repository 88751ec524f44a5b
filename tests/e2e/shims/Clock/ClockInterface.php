<?php

namespace Symfony\Component\Clock;

use DateTimeZone;
use Psr\Clock\ClockInterface as PsrClockInterface;

/**
 * Stand-in for the missing symfony/clock (see ../README.md), not part of what the end-to-end tests check:
 * the PSR-20 clock plus the two methods Carbon's clocks implement.
 */
interface ClockInterface extends PsrClockInterface
{
    public function sleep(float|int $seconds): void;

    public function withTimeZone(DateTimeZone|string $timezone): static;
}
