/** Files of the Laravel project that one stage writes and another reads, named once for both. */

/** What `fullapi publish config` writes, and the project reader reads back: the page sizes. */
export const PAGE_SIZE_CONFIG_FILE = 'config/api-generator.php';
