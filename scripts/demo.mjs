// `npm run demo`: generates an entity into a fresh copy of examples/laravel-12 (at ./demo-app), with no
// Laravel install needed, then runs the same command again to show that a second run changes nothing.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const app = `${root}demo-app`;
const bin = `${root}dist/cli/fullapi.mjs`;
const command = ['make', 'Post', '--fields=title:string,body:text,status:enum(draft,published),published_at:datetime', '--soft-deletes', '--project', app];

rmSync(app, { recursive: true, force: true });
cpSync(`${root}examples/laravel-12`, app, { recursive: true });

console.log(`$ fullapi ${command.join(' ')}`);
execFileSync('node', [bin, ...command], { stdio: 'inherit' });
console.log('\n--- demo-app/app/Models/Post.php ---');
console.log(readFileSync(`${app}/app/Models/Post.php`, 'utf8'));
console.log('--- demo-app/routes/api.php ---');
console.log(readFileSync(`${app}/routes/api.php`, 'utf8'));
console.log('$ (the same command again)');
execFileSync('node', [bin, ...command], { stdio: 'inherit' });
console.log('\nThe generated project is in ./demo-app.');
