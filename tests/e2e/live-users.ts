import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeAnswer, type ApiClient } from './http.js';
import { expectStatus, expectValidationError, fail } from './live-contract.js';
import type { LiveStory } from './live-stories.js';
import type { PhpRunner } from './php-runner.js';

/**
 * The live checks of Laravel's own `User` once fullapi has integrated it (a diagram with `USER`): a user is
 * created through the API with a password, which the answers never show and the database holds as a hash of
 * what was sent; the password is required, never a filter; and a post can be written by that user.
 */

const PASSWORD = 'Correct-Horse-9';

/** Prints what the database holds for a user's password, and whether it checks against PASSWORD, as JSON. */
const STORED_PASSWORD_SCRIPT = `<?php
require __DIR__.'/vendor/autoload.php';
$app = require __DIR__.'/bootstrap/app.php';
$app->make(Illuminate\\Contracts\\Console\\Kernel::class)->bootstrap();
$stored = Illuminate\\Support\\Facades\\DB::table('users')->where('id', (int) $argv[1])->value('password');
echo json_encode(['stored' => $stored, 'checks' => is_string($stored) && Illuminate\\Support\\Facades\\Hash::check($argv[2], $stored)]);
`;

function expectNoSecrets(data: Record<string, unknown> | undefined, where: string): void {
  for (const secret of ['password', 'remember_token']) if (data !== undefined && secret in data) fail(`${where} shows ${secret}: ${JSON.stringify(data)}`);
}

export const USERS_STORY: LiveStory = {
  name: "Laravel's own User",
  run: (api, app) => checkUsers(api, app.path, app.php),
};

async function checkUsers(api: ApiClient, app: string, php: PhpRunner): Promise<string> {
  const email = 'live-check@example.com';
  const created = await api.send('POST', '/api/users', { name: 'Live Check', email, password: PASSWORD, bio: 'Writes about checks.' });
  expectStatus(created, 201);
  const user = created.json?.data as Record<string, unknown> | undefined;
  if (user?.['email'] !== email || user['bio'] !== 'Writes about checks.') fail(`the created user is not what was sent; ${describeAnswer(created)}`);
  expectNoSecrets(user, 'POST /api/users');

  const scriptPath = join(app, 'e2e-stored-password.php');
  writeFileSync(scriptPath, STORED_PASSWORD_SCRIPT);
  const read = await php.runOrThrow([scriptPath, String(user['id']), PASSWORD], { cwd: app, timeoutMs: 60_000 });
  const stored = JSON.parse(read.stdout) as { stored: unknown; checks: boolean };
  if (stored.stored === PASSWORD || !stored.checks) fail(`the password is not stored as its hash: ${read.stdout}`);

  const shown = await api.send('GET', `/api/users/${String(user['id'])}`);
  expectStatus(shown, 200);
  expectNoSecrets(shown.json?.data, 'GET /api/users/{user}');

  const all = await api.send('GET', '/api/users');
  const filtered = await api.send('GET', `/api/users?filter[password]=${encodeURIComponent(PASSWORD)}`);
  expectStatus(filtered, 200);
  if (filtered.json?.meta?.total !== all.json?.meta?.total) fail(`filter[password] is not ignored; ${describeAnswer(filtered)}`);
  for (const row of (all.json?.data ?? []) as Record<string, unknown>[]) expectNoSecrets(row, 'GET /api/users');

  expectValidationError(await api.send('POST', '/api/users', { name: 'No Password', email: 'no-password@example.com' }), 'password');

  const post = await api.send('POST', '/api/posts', { user_id: user['id'], title: 'Checked', body: 'A post by the new user.' });
  expectStatus(post, 201);
  if (post.json?.data?.user_id !== user['id']) fail(`the post does not belong to the user; ${describeAnswer(post)}`);
  return 'a user created with a hashed, never shown password, and a post of theirs';
}
