import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePhp } from '../../../src/php/php-source.js';
import { readMigration, type TableReading } from '../../../src/project/read/migration-columns.js';

function migration(up: string, down = ''): string {
  return `<?php\n\nuse App\\Models\\Team;\n\nreturn new class extends Migration\n{\n    public function up(): void\n    {\n${up}\n    }\n\n    public function down(): void\n    {\n${down}\n    }\n};\n`;
}

function read(files: Record<string, string>, tables = ['users']): Map<string, TableReading> {
  const readings = new Map(tables.map((table): [string, TableReading] => [table, { columns: new Map(), migrations: [] }]));
  for (const [name, text] of Object.entries(files)) {
    const parsed = parsePhp(name, text);
    if (!parsed.ok) throw new Error(parsed.diagnostic.message);
    readMigration(parsed.value, name, readings);
  }
  return readings;
}

const summary = (reading: TableReading | undefined) =>
  [...(reading?.columns.values() ?? [])].map(({ name, type, nullable, unique, hasDefault }) => `${name}:${type ?? '?'}${nullable ? '?' : ''}${unique ? ' unique' : ''}${hasDefault ? ' default' : ''}`);

test('create, then each Schema::table in file order; down() is not read; other tables are not', () => {
  const users = read({
    '1_create.php': migration(
      "        Schema::create('users', function (Blueprint $table) {\n            $table->id();\n            $table->string('name', 80);\n            $table->string('email');\n            $table->unique('email');\n            $table->enum('role', ['admin', 'member'])->default('member');\n            $table->foreignIdFor(Team::class)->nullable();\n            $table->timestamps();\n        });\n        Schema::create('teams', fn (Blueprint $table) => $table->id());",
      "        Schema::dropIfExists('users');",
    ),
    '2_alter.php': migration(
      "        Schema::table('users', function (Blueprint $table) {\n            $table->string('nickname')->nullable(false);\n            $table->renameColumn('name', 'full_name');\n            $table->dropColumn(['role']);\n            $table->geometry('location');\n            $table->softDeletes();\n        });",
      "        Schema::table('users', function (Blueprint $table) {\n            $table->dropColumn('nickname');\n        });",
    ),
  }).get('users');
  assert.equal(summary(users), [
    'id:bigint',
    'full_name:string',
    'email:string unique',
    'team_id:bigint?',
    'created_at:timestamp?',
    'updated_at:timestamp?',
    'nickname:string',
    'location:?',
    'deleted_at:timestamp?',
  ]);
  assert.is(users?.createdBy, '1_create.php');
  assert.equal(users?.migrations, ['1_create.php', '2_alter.php']);
});

test('enum values, change(), morphs and the remember token', () => {
  const users = read({
    '1.php': migration(
      "        Schema::create('users', function (Blueprint $table) {\n            $table->enum('level', ['low', 'high']);\n            $table->rememberToken();\n            $table->nullableMorphs('owner');\n        });",
    ),
    '2.php': migration("        Schema::table('users', function (Blueprint $table) {\n            $table->text('level')->nullable()->change();\n        });"),
  }).get('users');
  assert.equal(summary(users), ['level:text?', 'remember_token:string?', 'owner_type:string?', 'owner_id:bigint?']);
});

test.run();
