import { stub, text } from './declare.js';

/** The configuration `fullapi publish config` writes. */
export const CONFIG_STUBS = {
  config: stub('config/api-generator.php: the page sizes fullapi reads when it generates a service.', {
    perPage: text('The page size of index endpoints without `per_page`.'),
    maxPerPage: text('The largest `per_page` a client may ask for.'),
  }),
} as const;
