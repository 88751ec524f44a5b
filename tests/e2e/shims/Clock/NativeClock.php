<?php

namespace Symfony\Component\Clock;

use DateTimeImmutable;
use DateTimeZone;

/**
 * Stand-in for the missing symfony/clock (see ../README.md), not part of what the end-to-end tests check:
 * the system clock in one time zone, which Carbon::sleep() uses to wait.
 */
final class NativeClock implements ClockInterface
{
    private DateTimeZone $timezone;

    public function __construct(DateTimeZone|string|null $timezone = null)
    {
        $this->timezone = $this->zone($timezone ?? date_default_timezone_get());
    }

    public function now(): DateTimeImmutable
    {
        return new DateTimeImmutable('now', $this->timezone);
    }

    public function sleep(float|int $seconds): void
    {
        if ($seconds > 0) {
            usleep((int) round($seconds * 1_000_000));
        }
    }

    public function withTimeZone(DateTimeZone|string $timezone): static
    {
        $clock = clone $this;
        $clock->timezone = $this->zone($timezone);

        return $clock;
    }

    private function zone(DateTimeZone|string $timezone): DateTimeZone
    {
        return $timezone instanceof DateTimeZone ? $timezone : new DateTimeZone($timezone);
    }
}
