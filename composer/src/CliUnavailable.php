<?php

namespace Fullapi\Laravel;

use RuntimeException;

/** The bundled command line cannot run here (no Node, too old a Node, no bundle): said to the user, never as a trace. */
final class CliUnavailable extends RuntimeException {}
