## fullapi (fullapi/laravel-fullapi)

fullapi writes a complete REST API per entity into this application: model, controller, service, DTO, store and update requests, resource, migration, factory, seeder, policy, enums, feature and unit tests, the route and the seeder registration. It is a code generator run from artisan; nothing of it runs in the application at request time.

- Describe the model in `api-schema.yaml` at the project root (entities with `fields`, `relations`, options such as `soft_deletes`, `auth`), then run `php artisan make:fullapi` to generate every entity, or `php artisan make:fullapi Post --fields="title:string,status:enum(draft,published)"` for one entity.
- Check before writing: `php artisan make:fullapi --dry-run --diff` shows what would change; `php artisan api-generator:validate` checks a schema file without touching the project. Errors name the file, line and column, and nothing is written.
- Regenerate instead of editing generated files wholesale: fullapi merges hand edits into a regeneration (three-way), and a changed schema on a migrated table becomes a migration of the changes. Pass `--allow-data-loss` only when dropping columns is intended.
- Remove an entity with `php artisan delete:fullapi Post`, never by deleting files by hand: it also unregisters routes, seeders and enums.
- After generating: `php artisan migrate`, then `php artisan test` runs the generated tests.
- Customise the generated code through stubs (`php artisan vendor:publish --tag=api-generator-stubs`, then edit `stubs/vendor/fullapi/*.stub`; check them with `php artisan api-generator:validate-stubs`) and page sizes through `config/api-generator.php` (`--tag=api-generator-config`).
- An MCP server for agents: `php artisan api-generator:mcp` (tools make, validate, parse, diagram, delete, ...).
