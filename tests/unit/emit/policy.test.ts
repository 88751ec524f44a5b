import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emitPolicy } from '../../../src/emit/laravel/artifacts/policy.js';
import { context, entity, field, parsingEmitter } from '../../support/entities.js';

const emit = parsingEmitter(emitPolicy);

const post = entity('Post', [
  field('title', 'string', { unique: true }),
  field('body', 'text', { nullable: true }),
  field('published', 'boolean'),
  field('status', 'enum', { cases: ['draft', 'published'] }),
]);

test('the policy: every ability takes ?User, so guests reach it, and allows', () => {
  const file = emit(post, context(12));
  assert.is(file.path, 'app/Policies/PostPolicy.php');
  assert.is(file.artifact, 'Policy');
  assert.is(
    file.content,
    `<?php

declare(strict_types=1);

namespace App\\Policies;

use App\\Models\\Post;
use App\\Models\\User;

/**
 * The API is public: every method lets guests through (\`?User\`) and allows the action. Make a method return
 * false to answer 403 to that action; the controller asks before each one.
 */
class PostPolicy
{
    /**
     * Determine whether the user can view any models.
     */
    public function viewAny(?User $user): bool
    {
        return true;
    }

    /**
     * Determine whether the user can view the model.
     */
    public function view(?User $user, Post $post): bool
    {
        return true;
    }

    /**
     * Determine whether the user can create models.
     */
    public function create(?User $user): bool
    {
        return true;
    }

    /**
     * Determine whether the user can update the model.
     */
    public function update(?User $user, Post $post): bool
    {
        return true;
    }

    /**
     * Determine whether the user can delete the model.
     */
    public function delete(?User $user, Post $post): bool
    {
        return true;
    }

    /**
     * Determine whether the user can restore the model (asked only with soft deletes).
     */
    public function restore(?User $user, Post $post): bool
    {
        return true;
    }

    /**
     * Determine whether the user can permanently delete the model (asked only with soft deletes).
     */
    public function forceDelete(?User $user, Post $post): bool
    {
        return true;
    }
}
`,
  );
});

test('Media binds {medium}: the subject is $medium, restore() and forceDelete() included', () => {
  const { content } = emit(entity('Media', [field('title')], { table: 'media', routeParameter: 'medium', softDeletes: true }), context(13));
  assert.ok(content.includes('    public function view(?User $user, Media $medium): bool\n'));
  assert.ok(content.includes('    public function forceDelete(?User $user, Media $medium): bool\n'));
});

test('a policy of users names its subject $model, with one import', () => {
  const { content } = emit(entity('User', [field('name')]), context(12));
  assert.ok(content.includes('    public function update(?User $user, User $model): bool\n'));
  assert.ok(content.includes('namespace App\\Policies;\n\nuse App\\Models\\User;\n\n/**'));
});

test('a published stub receives {{modelVariable}}', () => {
  const ctx = context(12);
  const file = emit(post, { ...ctx, stubs: { ...ctx.stubs, policy: '<?php\n\n// {{model}} ${{modelVariable}}\n' } });
  assert.is(file.content, '<?php\n\n// Post $post\n');
});


test.run();
