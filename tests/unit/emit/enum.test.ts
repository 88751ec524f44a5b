import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitEnums } from '../../../src/emit/laravel/artifacts/enum.js';
import { context, entity, field, filesOf, phpLint } from '../../support/entities.js';

test('one string-backed enum per enum field, regenerated with the Model', () => {
  const post = entity('Post', [
    field('title'),
    field('status', 'enum', { cases: ['draft', 'in-progress'] }),
    field('review_level', 'enum', { cases: ["editor's pick", 'C:\\path'] }),
  ]);
  const files = filesOf(emitEnums(post, context()));
  assert.equal(
    files.map((file) => [file.path, file.artifact]),
    [
      ['app/Enums/PostStatus.php', 'Model'],
      ['app/Enums/PostReviewLevel.php', 'Model'],
    ],
  );
  assert.is(
    files[0]?.content,
    `<?php

declare(strict_types=1);

namespace App\\Enums;

enum PostStatus: string
{
    case Draft = 'draft';
    case InProgress = 'in-progress';
}
`,
  );
  assert.ok(files[1]?.content.includes("    case EditorSPick = 'editor\\'s pick';\n    case CPath = 'C:\\\\path';\n"));
  assert.equal(phpLint(files), []);
});

test('an entity without enum fields has no enum files', () => {
  assert.equal(filesOf(emitEnums(entity('Post', [field('title')]), context())), []);
});

test.run();
